/**
 * `fw/testing`: concrete contexts for unit tests of resolvers and interceptors, built without a
 * server (docs/API.md section 9).
 */

import { flattenHeaders } from '../core/request/headers.js';
import { WebSocketRequestSnapshot } from '../core/request/ws-request-snapshot.js';
import { EventContext } from '../events/event-context.js';
import { DEFAULT_BODY_LIMITS } from '../http/body-limits.js';
import { HttpContext } from '../http/http-context.js';
import { encodeRequestBody } from '../http/inject.js';
import { StagedResponse } from '../http/staged-response.js';
import { WsContext } from '../ws/ws-context.js';

type Headers = Readonly<Record<string, string | readonly string[]>>;

/**
 * An HTTP request context with a `ResponseWriter` under `RESPONSE_WRITER_KEY`. `params` are set as
 * the router would set them; an object `body` is sent as JSON; `requestId()` answers the
 * `x-request-id` header when it is a short token, or a new id.
 * @example const ctx = httpContext({ method: 'GET', url: '/users/7?active=yes', params: { id: '7' } });
 */
export function httpContext(init: {
  method?: string;
  url: string;
  headers?: Headers;
  body?: string | Uint8Array | object;
  params?: Readonly<Record<string, string>>;
}): HttpContext {
  const rawHeaders = flattenHeaders(init.headers);
  const body = encodeRequestBody(init.body, rawHeaders);
  const ctx = new HttpContext({
    method: (init.method ?? 'GET').toUpperCase(),
    url: init.url,
    rawHeaders,
    body: body === undefined ? [] : [body],
    limits: DEFAULT_BODY_LIMITS,
    writer: new StagedResponse(),
  });
  if (init.params !== undefined) {
    // A null prototype, as the router's params have: `param('toString')` is '' like any other miss.
    const params: Record<string, string> = Object.assign(Object.create(null), init.params);
    ctx.route(params, Object.freeze(Object.keys(params)));
  }
  return ctx;
}

/**
 * An event consumer's context; an object payload is encoded as JSON; `requestId()` answers
 * `options.requestId` when it is a short token, or a new id.
 * @example const ctx = consumerContext('order.created', { orderId: 7 }, { requestId: 'req-1' });
 */
export function consumerContext(
  name: string,
  payload: unknown = new Uint8Array(),
  options: { requestId?: string } = {},
): EventContext {
  return new EventContext({
    eventName: name,
    payload: toBytes(payload),
    requestId: options.requestId,
  });
}

/**
 * A WebSocket message context; with `request`, it holds a snapshot of that upgrade request.
 * `requestId()` answers `requestId`, else the request's `x-request-id` when it is a short token,
 * else a new id.
 * @example const ctx = webSocketContext({ path: '/ws', payload: 'hi', request: { url: '/ws?room=1', headers: {} } });
 */
export function webSocketContext(init: {
  path: string;
  connId?: string;
  messageType?: 1 | 2;
  payload?: unknown;
  request?: { url: string; headers?: Headers; remoteAddr?: string };
  requestId?: string;
}): WsContext {
  return new WsContext({
    path: init.path,
    connId: init.connId ?? 'test-connection',
    messageType: init.messageType ?? (init.payload instanceof Uint8Array ? 2 : 1),
    payload: toBytes(init.payload ?? new Uint8Array()),
    ...(init.requestId === undefined ? {} : { requestId: init.requestId }),
    ...(init.request === undefined ? {} : { request: new WebSocketRequestSnapshot(init.request) }),
  });
}

const encoder = new TextEncoder();

function toBytes(payload: unknown): Uint8Array {
  if (payload instanceof Uint8Array) return payload;
  if (typeof payload === 'string') return encoder.encode(payload);
  return encoder.encode(JSON.stringify(payload));
}
