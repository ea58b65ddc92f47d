/** In-memory streams and signals for `main` and `watch`. */
import { EventEmitter } from 'node:events';
import type { Io, Output } from '../../../cli/io.js';

/** An output that keeps what was written. */
export class TextOutput implements Output {
  text = '';

  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

/** An {@link Io} over buffers, with an emitter for `SIGINT`/`SIGTERM`. */
export function testIo(cwd: string): Io & {
  stdout: TextOutput;
  stderr: TextOutput;
  signals: EventEmitter;
} {
  return { cwd, stdout: new TextOutput(), stderr: new TextOutput(), signals: new EventEmitter() };
}
