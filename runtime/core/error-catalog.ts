/**
 * The catalog of every error fw raises: a stable `FW_ERR_*` code, the HTTP status it renders as and
 * a message template that says what was wrong and what to do. `docs/errors.md` lists each code, and
 * `errors.ts` builds the errors from it.
 */

type Template<P> = (p: P) => string;
const t = <P = Record<never, never>>(status: number, message: Template<P>) => ({ status, message });

/** The catalog: code → status and message template. */
export const ERRORS = {
  // Requests: rendered to the client.
  FW_ERR_ROUTE_NOT_FOUND: t<{ method: string; path: string }>(
    404,
    (p) => `No route matches ${p.method} ${p.path}`,
  ),
  FW_ERR_METHOD_NOT_ALLOWED: t<{ method: string; path: string; allowed: string }>(
    405,
    (p) => `Method ${p.method} is not allowed on ${p.path}; allowed: ${p.allowed}`,
  ),
  FW_ERR_INVALID_PATH_PARAM: t<{ key: string }>(400, (p) => `Invalid path parameter: ${p.key}`),
  FW_ERR_INVALID_QUERY_PARAM: t<{ key: string }>(400, (p) => `Invalid query parameter: ${p.key}`),
  FW_ERR_BODY_MALFORMED: t<{ type: string; reason: string }>(
    400,
    (p) => `Malformed ${p.type} body: ${p.reason}`,
  ),
  FW_ERR_BODY_REQUIRED: t(400, () => 'Request body is required'),
  FW_ERR_BODY_INVALID: t<{ issues: string }>(400, (p) => `Invalid body: ${p.issues}`),
  FW_ERR_BODY_TOO_LARGE: t<{ limit: number }>(
    413,
    (p) => `Request body exceeds the limit of ${p.limit} bytes`,
  ),
  FW_ERR_URL_TOO_LONG: t<{ limit: number }>(
    414,
    (p) => `The request target exceeds the limit of ${p.limit} characters`,
  ),
  FW_ERR_TOO_MANY_HEADERS: t<{ limit: number }>(
    431,
    (p) => `The request has more than ${p.limit} header fields`,
  ),
  FW_ERR_TOO_MANY_QUERY_PARAMS: t<{ limit: number }>(
    400,
    (p) => `The query string has more than ${p.limit} parameters`,
  ),
  FW_ERR_REQUEST_TIMEOUT: t(
    503,
    () => 'The request did not finish before its deadline; retry later',
  ),
  FW_ERR_UNSUPPORTED_MEDIA_TYPE: t<{ type: string; supported: string }>(
    415,
    (p) => `Content-Type '${p.type}' is not supported here; send ${p.supported}`,
  ),
  FW_ERR_MULTIPART_MALFORMED: t<{ reason: string }>(
    400,
    (p) => `Malformed multipart body: ${p.reason}`,
  ),
  FW_ERR_MULTIPART_LIMIT: t<{ what: string; limit: number }>(
    413,
    (p) => `Multipart body exceeds the limit of ${p.limit} ${p.what}`,
  ),
  FW_ERR_BODY_CAPACITY: t<{ limit: number }>(
    503,
    (p) =>
      `The request bodies held in memory have reached the server's limit of ${p.limit} bytes ` +
      '(maxBufferedBytes); retry later',
  ),
  FW_ERR_PAYLOAD_MALFORMED: t<{ reason: string }>(
    400,
    (p) => `Malformed JSON payload: ${p.reason}`,
  ),
  FW_ERR_PAYLOAD_INVALID: t<{ issues: string }>(400, (p) => `Invalid payload: ${p.issues}`),
  FW_ERR_PAYLOAD_TOO_LARGE: t<{ size: number; limit: number }>(
    413,
    (p) => `The payload of ${p.size} bytes exceeds the limit of ${p.limit} bytes (maxPayloadBytes)`,
  ),
  FW_ERR_NO_CONSUMER: t<{ event: string }>(
    404,
    (p) => `No consumer handles event '${p.event}'; declare one with @OnEvent('${p.event}')`,
  ),
  FW_ERR_RANGE_NOT_SATISFIABLE: t<{ size: number }>(
    416,
    (p) => `The Range asks for no byte of the ${p.size}-byte file; ask for bytes below ${p.size}`,
  ),
  FW_ERR_PRECONDITION_FAILED: t(
    412,
    () => 'The file has changed since If-Match or If-Unmodified-Since; fetch it again',
  ),
  FW_ERR_SHUTTING_DOWN: t(503, () => 'The server is shutting down; retry on another instance'),
  FW_ERR_WEBSOCKET_NOT_FOUND: t<{ path: string }>(
    404,
    (p) => `No WebSocket gateway serves ${p.path}; declare one with @WebSocketGateway('${p.path}')`,
  ),
  FW_ERR_WEBSOCKET_BAD_REQUEST: t<{ reason: string }>(
    400,
    (p) => `Invalid WebSocket upgrade request: ${p.reason}`,
  ),
  FW_ERR_WEBSOCKET_ORIGIN: t<{ origin: string }>(
    403,
    (p) =>
      `Origin '${p.origin}' may not open a WebSocket here; ` +
      'allow it in cors({ origins }) or createApp({ allowedOrigins })',
  ),
  FW_ERR_WEBSOCKET_HANDSHAKE_REFUSED: t(401, () => 'The WebSocket handshake was refused'),
  FW_ERR_WEBSOCKET_CAPACITY: t<{ limit: number }>(
    503,
    (p) => `WebSocket connection capacity (${p.limit}) has been reached; retry later`,
  ),
  FW_ERR_WEBSOCKET_HANDSHAKE_TIMEOUT: t<{ ms: number }>(
    503,
    (p) => `The WebSocket handshake did not finish within ${p.ms} ms; retry later`,
  ),
  FW_ERR_PUBLISH_OUTCOME_UNKNOWN: t<{ event: string; ms: number }>(
    503,
    (p) =>
      `The broker did not confirm event ${p.event} within ${p.ms} ms: it may still be delivered. ` +
      'Retry with the same Idempotency-Key, or find out whether the request took effect first',
  ),
  FW_ERR_IDEMPOTENCY_KEY_MISSING: t(
    400,
    () => 'This request needs an Idempotency-Key header; send a new unique key with each operation',
  ),
  FW_ERR_IDEMPOTENCY_KEY_INVALID: t<{ limit: number }>(
    400,
    (p) =>
      `The Idempotency-Key must be 1 to ${p.limit} visible ASCII characters ` +
      '(a UUID fits), optionally in double quotes',
  ),
  FW_ERR_IDEMPOTENCY_KEY_IN_FLIGHT: t(
    409,
    () =>
      'A request with this Idempotency-Key is still being processed; retry after Retry-After ' +
      'seconds to get its answer',
  ),
  FW_ERR_IDEMPOTENCY_KEY_REUSED: t(
    422,
    () =>
      'This Idempotency-Key was used for another request (method, path or body differ); ' +
      'use a new key for a new operation',
  ),
  FW_ERR_IDEMPOTENCY_STORE: t(
    503,
    () => 'The idempotency store cannot be reached, so the request was not run; retry later',
  ),
  FW_ERR_CROSS_ORIGIN_REQUEST: t<{ method: string }>(
    403,
    (p) =>
      `This ${p.method} was sent by a page of another origin, which may not act on this app ` +
      "with its user's cookies; send it from the app's own pages or a trusted origin",
  ),
  FW_ERR_CSRF_TOKEN: t<{ method: string; header: string; cookie: string }>(
    403,
    (p) =>
      `This ${p.method} carries cookies but neither Sec-Fetch-Site nor Origin, and its ` +
      `${p.header} header does not match its ${p.cookie} cookie; send the cookie's value in the header`,
  ),
  FW_ERR_RATE_LIMITED: t<{ limit: number; window: string; retryAfter: number }>(
    429,
    (p) =>
      `Too many requests: the limit is ${p.limit} per ${p.window}; ` +
      `retry after ${p.retryAfter} s (Retry-After)`,
  ),
  FW_ERR_RATE_LIMIT_STORE: t(
    503,
    () => 'The rate limit store cannot be reached, so the request was not run; retry later',
  ),
  FW_ERR_EVENT_QUEUE_FULL: t<{ subscription: string; event: string; limit: number }>(
    503,
    (p) =>
      `Event '${p.event}' was not published: the in-memory queue of the ${p.subscription} ` +
      `consumers holds ${p.limit} messages waiting (maxQueued); retry later`,
  ),
  FW_ERR_EVENT_INVALID: t<{ event: string; issues: string }>(
    400,
    (p) => `Event '${p.event}' was not published: its payload is invalid: ${p.issues}`,
  ),

  // Requests: programming errors, rendered as a bare 500.
  FW_ERR_INTERNAL: t(
    500,
    () => 'Internal Server Error (what a client sees of every 500; the log has the cause)',
  ),
  FW_ERR_NOT_HTTP_CONTEXT: t(500, () => 'context is not an HTTP request context'),
  FW_ERR_NOT_CONSUMER_CONTEXT: t(500, () => 'context is not a consumer request context'),
  FW_ERR_NOT_WEBSOCKET_CONTEXT: t(500, () => 'context is not a WebSocket context'),
  FW_ERR_PATH_PARAM_MISSING: t<{ key: string }>(500, (p) => `path parameter not found: ${p.key}`),
  FW_ERR_INVALID_STATUS: t<{ status: unknown }>(
    500,
    (p) => `invalid HTTP response status ${String(p.status)}; use an integer from 100 to 599`,
  ),
  FW_ERR_RESPONSE_NOT_SERIALIZABLE: t<{ reason: string }>(
    500,
    (p) => `The handler's return value cannot be sent as JSON: ${p.reason}`,
  ),
  FW_ERR_STREAM_CHUNK: t<{ got: string }>(
    500,
    (p) =>
      `A stream body gave a chunk of type ${p.got}; give strings or Uint8Arrays (not object mode)`,
  ),
  FW_ERR_STREAM_LENGTH: t<{ declared: number; sent: number }>(
    500,
    (p) =>
      `A stream body gave ${p.sent} bytes, not the ${p.declared} its Content-Length declared; ` +
      'declare its exact size or none',
  ),
  FW_ERR_SSE_INVALID: t<{ what: string; expected: string; got: string }>(
    500,
    (p) => `sse(): ${p.what} must be ${p.expected}; got ${p.got}`,
  ),
  FW_ERR_NO_WEBSOCKET_SENDER: t(
    500,
    () =>
      'sendMessage needs the Context parameter of a WebSocket message handler; ' +
      'this Context carries no connection',
  ),
  FW_ERR_NO_WEBSOCKET_CONNECTION: t(
    500,
    () =>
      'connectionSignal needs the Context parameter of a WebSocket message handler; ' +
      'this Context carries no connection',
  ),
  FW_ERR_BAD_COOKIE: t<{ cookie: string; reason: string }>(
    500,
    (p) => `Cannot set cookie ${p.cookie}: ${p.reason}`,
  ),
  FW_ERR_WEBSOCKET_CLOSED: t<{ connId: string }>(
    500,
    (p) => `WebSocket connection ${p.connId} is closed; the message was not sent`,
  ),
  FW_ERR_WEBSOCKET_BACKPRESSURE: t<{ connId: string; limit: number }>(
    500,
    (p) =>
      `WebSocket connection ${p.connId} has more than ${p.limit} bytes waiting to be sent ` +
      '(maxBackpressureBytes): its client is not reading; the message was not sent and the ' +
      'connection is closing',
  ),
  FW_ERR_WEBSOCKET_SEND_TIMEOUT: t<{ connId: string; ms: number }>(
    500,
    (p) =>
      `A message to WebSocket connection ${p.connId} was not written within ${p.ms} ms ` +
      '(sendTimeoutMs): its client is not reading fast enough',
  ),

  // Start-up: thrown by createApp, naming what to fix.
  FW_ERR_NO_RESOLVER: t<{ handler: string; param: string; type: string }>(
    500,
    (p) =>
      `No argument resolver supports parameter '${p.param}' (type ${p.type}) of ${p.handler}; ` +
      'register one in createApp({ resolvers })',
  ),
  FW_ERR_PATH_KEY_UNKNOWN: t<{ handler: string; param: string; key: string; path: string }>(
    500,
    (p) =>
      `Parameter '${p.param}' of ${p.handler} is bound to path key '${p.key}', ` +
      `but route '${p.path}' declares no ':${p.key}'; regenerate the bindings with fwgen`,
  ),
  FW_ERR_DUPLICATE_ROUTE: t<{ method: string; path: string; first: string; second: string }>(
    500,
    (p) =>
      `Route ${p.method} ${p.path} is declared twice: by ${p.first} and by ${p.second}; ` +
      'remove or rename one',
  ),
  FW_ERR_INVALID_ROUTE: t<{ method: string; path: string; handler: string; reason: string }>(
    500,
    (p) => `Route ${p.method} '${p.path}' of ${p.handler} is invalid: ${p.reason}`,
  ),
  FW_ERR_CONSTRUCTOR_ARGS: t<{ name: string }>(
    500,
    (p) =>
      `Cannot create ${p.name}: its constructor takes arguments; run fwgen to generate the ` +
      `object graph that passes them, or pass an instance in ` +
      `createApp({ overrides: [override(${p.name}, new ${p.name}(…))] })`,
  ),
  FW_ERR_NOT_PROVIDED: t<{ key: string; reason?: string }>(
    500,
    (p) =>
      `Nothing in this app provides ${p.key}${p.reason === undefined ? '' : ` (${p.reason})`}; ` +
      'mark the class @Injectable() or write a provider for it, then run fwgen',
  ),
  FW_ERR_NOT_STARTED: t<{ key: string }>(
    500,
    (p) =>
      `app.get(${p.key}) was called before start(): an async provider makes the app build its ` +
      'object graph in start(); await app.start() (or listen()) first',
  ),
  FW_ERR_INVALID_OPTION: t<{ owner: string; option: string; expected: string; got: string }>(
    500,
    (p) => `${p.owner} option '${p.option}' must be ${p.expected}; got ${p.got}`,
  ),
  FW_ERR_PACKAGE_MISSING: t<{ feature: string; package: string; reason: string }>(
    500,
    (p) =>
      `${p.feature} needs the optional package ${p.package}, which ${p.reason}; ` +
      `install it with npm install ${p.package}`,
  ),
  FW_ERR_ALREADY_LISTENING: t(500, () => 'The app is already listening; call close() first'),
  FW_ERR_APP_CLOSED: t(500, () => 'The app is closed; create a new one with createApp()'),
  FW_ERR_BINDINGS_VERSION: t<{ got: unknown; want: number }>(
    500,
    (p) =>
      `The bindings have format version ${String(p.got)}, but this fw reads version ${p.want}; ` +
      'regenerate them with fwgen',
  ),
  FW_ERR_STALE_BINDINGS: t<{ differences: string }>(
    500,
    (p) =>
      'The bindings are stale: the decorators say otherwise. Run fwgen again as you generated them ' +
      `(e.g. npx fwgen --src src --out src/bindings.ts) — ${p.differences}`,
  ),
} as const;

/** A stable error code of fw. */
export type FwErrorCode = keyof typeof ERRORS;
/** The parameters the message template of `C` takes. */
export type ParamsOf<C extends FwErrorCode> = Parameters<(typeof ERRORS)[C]['message']>[0];
