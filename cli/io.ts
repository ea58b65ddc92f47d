/** The streams and signals the CLI uses, injected so tests (and `bin.ts`) choose them. */

/** Where text goes: `process.stdout`, `process.stderr`, or a test's buffer. */
export interface Output {
  write(text: string): unknown;
}

/** Something that emits `SIGINT`/`SIGTERM`: `process`, or a test's emitter. */
export interface Signals {
  once(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/** The outside world of one `main` call. */
export interface Io {
  readonly cwd: string;
  readonly stdout: Output;
  readonly stderr: Output;
  /** Stops `--watch`. @default process */
  readonly signals?: Signals;
}

/** An output that drops everything. */
export const silent: Output = { write: () => true };
