/**
 * fw's default logger: one JSON object per line, in the records pino writes (`level` as a number,
 * `time` in epoch milliseconds, `msg`, the fields, `err` as `{ type, message, stack, code }`), so
 * that the tools that read pino's output read it too. No dependency.
 */
import type { LogFields, Logger, LogLevel } from './logger.js';

/** pino's level numbers. */
const LEVELS = Object.freeze({ debug: 20, info: 30, warn: 40, error: 50 } as const);

/** What {@link jsonLogger} takes. */
export interface JsonLoggerOptions {
  /** The lowest level written; `silent` writes nothing. @default 'info' */
  readonly level?: LogLevel | 'silent';
  /** Takes each record as one line, newline included. @default writes to `process.stdout` */
  readonly write?: (line: string) => void;
}

const noop = (): void => {};
const stdout = (line: string): void => void process.stdout.write(line);

/**
 * A logger writing JSON lines at `level` and above.
 * @example createApp({ bindings, logger: jsonLogger({ level: 'warn' }) })
 * @see docs/operations.md
 */
export function jsonLogger(options: JsonLoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const write = options.write ?? stdout;
  const threshold = level === 'silent' ? Number.POSITIVE_INFINITY : LEVELS[level];
  if (threshold === undefined) {
    throw new TypeError(
      `jsonLogger option 'level' must be one of 'debug', 'info', 'warn', 'error', 'silent'; got ${String(level)}`,
    );
  }
  const at = (name: LogLevel) => {
    const n = LEVELS[name];
    if (n < threshold) return noop;
    const head = `{"level":${n},"time":`;
    return (fields: LogFields, message: string) => write(`${head}${record(fields, message)}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** The rest of a record after `"time":`. */
function record(fields: LogFields, message: string): string {
  let body = '{}';
  if (typeof fields === 'object' && fields !== null && !Array.isArray(fields)) {
    try {
      body = JSON.stringify(fields, replacer);
    } catch (err) {
      body = fieldByField(fields, err);
    }
  }
  const msg = JSON.stringify(String(message));
  const rest = body.length > 2 ? `${body.slice(1, -1)},` : '';
  return `${Date.now()},${rest}"msg":${msg}}`;
}

/**
 * The fields that serialise, and `logError` naming those that do not (a cycle, a getter or
 * `toJSON` that throws): one bad field must not cost the record its request id, path or status.
 * `whole` is why the fields failed together, said when no one field fails alone.
 */
function fieldByField(fields: LogFields, whole: unknown): string {
  const parts: string[] = [];
  const failed: string[] = [];
  let keys: string[] = [];
  try {
    keys = Object.keys(fields);
  } catch (err) {
    failed.push(reason(err));
  }
  for (const key of keys) {
    try {
      const value = JSON.stringify(fields[key], replacer);
      if (value !== undefined) parts.push(`${JSON.stringify(key)}:${value}`);
    } catch (err) {
      failed.push(`${key}: ${reason(err)}`);
    }
  }
  if (failed.length === 0) failed.push(reason(whole));
  const logError = `fields not serialisable: ${failed.join('; ')}`;
  parts.push(`"logError":${JSON.stringify(logError)}`);
  return `{${parts.join(',')}}`;
}

function reason(err: unknown): string {
  try {
    return err instanceof Error ? err.message : String(err);
  } catch {
    return 'unknown error';
  }
}

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (value instanceof Error) return serializeError(value);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** An error as pino's standard serializer writes it, its causes and joined errors included. */
export interface SerializedError {
  readonly type: string;
  readonly message: string;
  readonly stack: string | undefined;
  readonly code?: string | number;
  readonly cause?: SerializedError | unknown;
  readonly aggregateErrors?: readonly SerializedError[];
}

/**
 * `err` as `{ type, message, stack, code? }`, with `cause` and `aggregateErrors` as deep as 8
 * errors. @internal
 */
export function serializeError(err: Error, depth = 0): SerializedError {
  const out: {
    type: string;
    message: string;
    stack: string | undefined;
    code?: string | number;
    cause?: unknown;
    aggregateErrors?: SerializedError[];
  } = {
    type: typeof err.constructor === 'function' ? err.constructor.name : err.name,
    message: err.message,
    stack: err.stack,
  };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (depth >= 8) return out;
  if (err.cause !== undefined) {
    out.cause = err.cause instanceof Error ? serializeError(err.cause, depth + 1) : err.cause;
  }
  if (err instanceof AggregateError && Array.isArray(err.errors)) {
    out.aggregateErrors = err.errors.map((e: unknown) =>
      e instanceof Error ? serializeError(e, depth + 1) : (e as SerializedError),
    );
  }
  return out;
}
