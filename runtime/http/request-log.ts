/**
 * The one log record of an HTTP request that failed, the same over a socket, through `inject()`
 * and for a refused WebSocket upgrade: a server error (5xx, or an error that went out as other
 * than its own 4xx) at `error` with the error itself; a client error (4xx), and the 503 of a request
 * refused while the server closes or because an event queue is full, at `info`, with its code and detail, as Fastify logs them: the
 * server did what it should, and a flood of 404s, or of refusals at every deploy, must not drown
 * the errors an operator has to act on.
 */
import { errorCode, findHttpError } from '../core/error-chain.js';
import { elapsedMs, type LogFields, type Logger, log } from '../core/log/logger.js';
import { recordFieldsOf } from '../core/log/record-fields.js';
import type { HttpExchange } from './exchange.js';

/** What a request log record says besides the error. */
export interface RequestFacts {
  readonly method: string;
  readonly path: string;
  /** The status the client got. */
  readonly status: number;
  readonly requestId: string;
  /** When the request arrived (`performance.now()`). */
  readonly startedAt: number;
  /** What telemetry added for the request: the trace it ran under. */
  readonly extra?: LogFields | undefined;
}

/**
 * The 503s that are refusals the server chose, not failures: while it closes, and while a queue of
 * events is full (which its transport logs once for the whole episode).
 */
const REFUSALS: ReadonlySet<string> = new Set(['FW_ERR_SHUTTING_DOWN', 'FW_ERR_EVENT_QUEUE_FULL']);

/** The longest path written whole; a longer one (a 414) is cut. */
const MAX_PATH = 1024;

/** Logs the failure of one request, once. @internal */
export function logRequestFailure(logger: Logger, facts: RequestFacts, err: Error): void {
  const { method, status, requestId, startedAt } = facts;
  const path = facts.path.length > MAX_PATH ? `${facts.path.slice(0, MAX_PATH)}…` : facts.path;
  const fields = {
    method,
    path,
    status,
    requestId,
    durationMs: elapsedMs(startedAt),
    ...facts.extra,
  };
  const httpError = findHttpError(err);
  const code = errorCode(err);
  const expected =
    (isClientError(httpError?.status) && isClientError(status)) ||
    (REFUSALS.has(code ?? '') && status === 503);
  if (expected) {
    // A refusal fw made of another error (a preHandshake that threw) shows that error: the
    // operator's only way to learn why.
    const cause = httpError?.cause;
    const why = cause instanceof Error && findHttpError(cause) === undefined ? { err: cause } : {};
    log(logger, 'info', { ...fields, code, detail: httpError?.detail, ...why }, 'request failed');
  } else {
    log(logger, 'error', { ...fields, code, err }, 'request failed');
  }
}

/** Logs the failure of `ex`, answered with `status` (by default what it sent). @internal */
export function logExchangeFailure(
  logger: Logger,
  ex: HttpExchange,
  err: Error,
  status = ex.sentStatus,
): void {
  let path: string;
  try {
    path = ex.path();
  } catch {
    path = '';
  }
  const facts = { method: ex.method(), path, status, requestId: ex.requestId() };
  const extra = recordFieldsOf(ex);
  logRequestFailure(logger, { ...facts, startedAt: ex.startedAt, extra }, err);
}

function isClientError(status: number | undefined): boolean {
  return status !== undefined && Number.isInteger(status) && status >= 400 && status < 500;
}
