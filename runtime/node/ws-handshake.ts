/**
 * The steps of a WebSocket upgrade before `ws` takes over:
 * the checks a request must pass, the `preHandshake` interceptors under the handshake deadline, and
 * refusals written as RFC 9457 problem details straight on the socket.
 */
import {
  type IncomingMessage,
  STATUS_CODES,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import type { Context } from '../core/context/context.js';
import { REQUEST_ID_HEADER, requestIdOfHeaders } from '../core/context/request-id.js';
import { findHttpError, toError } from '../core/error-chain.js';
import { FwError, type HttpError } from '../core/errors.js';
import type { Logger } from '../core/log/logger.js';
import type { HandlerMeta, Interceptor } from '../core/pipeline/interceptor.js';
import { splitTarget } from '../core/request/headers.js';
import type { WebSocketHandshakeContext } from '../core/request/ws-request-snapshot.js';
import { logRequestFailure, type RequestFacts } from '../http/request-log.js';

const KEY = /^[+/0-9A-Za-z]{22}==$/; // 16 random bytes in base64 (RFC 6455 section 4.1)

/** Why `req` is not a WebSocket opening handshake (RFC 6455 section 4.2.1), or undefined. */
export function badUpgrade(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET') return `the method must be GET, not ${req.method ?? 'none'}`;
  if (req.headers.upgrade?.toLowerCase() !== 'websocket')
    return "the Upgrade header must be 'websocket'";
  const key = req.headers['sec-websocket-key'];
  if (key === undefined || !KEY.test(key))
    return 'the Sec-WebSocket-Key header is missing or invalid';
  const version = req.headers['sec-websocket-version'];
  if (version !== '13' && version !== '8') return 'the Sec-WebSocket-Version header must be 13';
  return undefined;
}

/**
 * Runs `preHandshake` of each interceptor that has one, in order, until one fails. Resolves to the
 * refusal, or undefined; a deadline or cancellation of `ctx` ends the wait with `ctx.err()`.
 */
export async function runPreHandshake(
  interceptors: readonly Interceptor[],
  snapshot: WebSocketHandshakeContext,
  meta: HandlerMeta,
  ctx: Context,
): Promise<Error | undefined> {
  // Nothing to wait for: reading `ctx.signal` would create an AbortController, which the
  // connection's request snapshot then holds (through `ctx`) for as long as the connection is open.
  if (!interceptors.some((i) => i.preHandshake !== undefined)) return undefined;
  let stop: (() => void) | undefined;
  const ended = new Promise<Error>((resolve) => {
    const onAbort = () => resolve(ctx.err() ?? toError(ctx.signal.reason));
    if (ctx.signal.aborted) return onAbort();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    stop = () => ctx.signal.removeEventListener('abort', onAbort);
  });
  const run = async (): Promise<Error | undefined> => {
    for (const i of interceptors) {
      if (i.preHandshake === undefined) continue;
      try {
        const r = await i.preHandshake(snapshot, meta);
        if (r instanceof Error) return r;
      } catch (thrown) {
        return toError(thrown);
      }
    }
    return undefined;
  };
  try {
    return await Promise.race([run(), ended]);
  } finally {
    stop?.();
  }
}

/**
 * What a failed `preHandshake` answers: its `HttpError` when that is a 4xx, otherwise 401, with
 * the error as its cause, which the log record shows (the client is told nothing of it).
 */
export function handshakeRefusal(err: Error): HttpError {
  const httpError = findHttpError(err);
  const status = httpError?.status;
  if (httpError !== undefined && Number.isInteger(status) && status! >= 400 && status! <= 499) {
    return httpError;
  }
  return new FwError('FW_ERR_WEBSOCKET_HANDSHAKE_REFUSED', {}, { cause: err });
}

/** An upgrade request as its log record names it: all but the status it was answered with. */
export type Upgrade = Omit<RequestFacts, 'status'>;

/** What the log says of upgrade request `req`, taken as it arrives. */
export function upgradeOf(req: IncomingMessage): Upgrade {
  return {
    method: req.method ?? 'GET',
    path: splitTarget(req.url ?? '/').path,
    requestId: requestIdOfHeaders(req.rawHeaders),
    startedAt: performance.now(),
  };
}

/** Refuses upgrade request `up` with `refusal` (see {@link refuse}), and logs it once. */
export function refuseUpgrade(
  socket: Duplex,
  refusal: HttpError,
  up: Upgrade,
  logger: Logger,
): void {
  refuse(socket, refusal, up.requestId);
  logRequestFailure(logger, { ...up, status: refusal.status }, refusal);
}

/**
 * Answers the upgrade request on `socket` with `err` as problem details, and `requestId` as
 * `X-Request-Id`, and ends the connection. Headers of `err` that could split the response are
 * left out.
 */
function refuse(socket: Duplex, err: HttpError, requestId: string): void {
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem = err.getResponse();
  const body = JSON.stringify(problem);
  const lines = [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${REQUEST_ID_HEADER}: ${requestId}`,
  ];
  for (const [name, value] of Object.entries(err.headers)) {
    if (sendable(name, value)) lines.push(`${name}: ${value}`);
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

const OWN = ['connection', 'content-type', 'content-length', 'x-request-id'];

function sendable(name: string, value: string): boolean {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return !OWN.includes(name.toLowerCase());
  } catch {
    return false;
  }
}
