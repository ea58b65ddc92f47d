/**
 * Stream bodies of each kind a handler may return, each with a probe: how many chunks were pulled
 * and whether the source was stopped (`cancel()`, `destroy()` or `return()`).
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';

/** What the test sees of a source. */
export interface Probe {
  /** Chunks handed out so far. */
  pulls: number;
  /** Whether the server stopped the source. */
  stopped: boolean;
}

/** The kinds of stream body, by name. */
export type StreamKind = 'ReadableStream' | 'Readable' | 'async generator';

export const STREAM_KINDS: readonly StreamKind[] = [
  'ReadableStream',
  'Readable',
  'async generator',
];

/**
 * A source of `kind` giving `chunk(i)` for i = 0, 1, … until it answers undefined; one whose
 * chunk throws fails there; `hang` after the chunks waits forever instead of ending.
 */
export function source(
  kind: StreamKind,
  chunk: (i: number) => string | Uint8Array | undefined,
  options: { hang?: boolean } = {},
): { body: unknown; probe: Probe } {
  const probe: Probe = { pulls: 0, stopped: false };
  const forever = new Promise<never>(() => {});
  const next = async (): Promise<string | Uint8Array | undefined> => {
    const value = chunk(probe.pulls);
    if (value === undefined && options.hang) await forever;
    if (value !== undefined) probe.pulls++;
    return value;
  };
  if (kind === 'ReadableStream') {
    const body = new ReadableStream<string | Uint8Array>(
      {
        async pull(controller) {
          const value = await next();
          if (value === undefined) controller.close();
          else controller.enqueue(value);
        },
        cancel() {
          probe.stopped = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { body, probe };
  }
  if (kind === 'Readable') {
    const body = new Readable({
      highWaterMark: 1,
      read() {
        next().then(
          (value) => this.push(value ?? null),
          (err: Error) => this.destroy(err),
        );
      },
      destroy(err, callback) {
        probe.stopped = true;
        callback(err);
      },
    });
    return { body, probe };
  }
  async function* generate() {
    for (;;) {
      const value = await next();
      if (value === undefined) return;
      yield value;
    }
  }
  const body = generate();
  const stop = body.return.bind(body);
  body.return = (value) => {
    probe.stopped = true;
    return stop(value);
  };
  return { body, probe };
}

/** Sends `request` on a new socket and reads nothing: the client's window fills up. */
export async function stalledClient(port: number, request: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.pause();
  socket.write(request);
  return socket;
}

/** Resolves once `read()` has given the same value twice in a row, `ms` apart. */
export async function settled(read: () => number, ms = 100): Promise<number> {
  let last = read();
  for (;;) {
    await new Promise((r) => setTimeout(r, ms));
    const now = read();
    if (now === last) return now;
    last = now;
  }
}
