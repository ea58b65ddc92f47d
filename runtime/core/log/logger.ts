/**
 * The logger fw writes to: pino's calling convention (structured fields first, then the message),
 * so `pino()` fits as it is, and so do `console` and fw's own {@link jsonLogger}.
 */

/** The structured fields of one log record; an `err` field holds the `Error` itself. */
export type LogFields = Record<string, unknown>;

/**
 * Where fw reports what no response can carry: failed requests, messages and connections, and
 * its lifecycle. Every call is `(fields, message)`, pino's order.
 * @example createApp({ bindings, logger: pino() })
 * @see docs/operations.md
 */
export interface Logger {
  /** A failure of the server: a 5xx, a message that failed, a transport that gave up. */
  error(fields: LogFields, message: string): void;
  /** Something the operator may need to act on: a lost broker connection. */
  warn(fields: LogFields, message: string): void;
  /** What happened as expected: a client error (4xx), the server listening. */
  info(fields: LogFields, message: string): void;
  /** Detail; fw itself does not write at this level. */
  debug?(fields: LogFields, message: string): void;
}

/** The levels fw writes at, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Calls `logger[level]`, never throwing: a logger that fails must not take a request or the
 * process down with it. @internal
 */
export function log(logger: Logger, level: LogLevel, fields: LogFields, message: string): void {
  try {
    logger[level]?.(fields, message);
  } catch {
    // Nothing to report it to.
  }
}

/** Milliseconds since `start` (a `performance.now()`), to 0.01 ms. @internal */
export function elapsedMs(start: number): number {
  return Math.round((performance.now() - start) * 100) / 100;
}
