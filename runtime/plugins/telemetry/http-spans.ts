/**
 * The SERVER span of an HTTP request, after the stable HTTP conventions: named `{method} {route}`
 * from the route's template (fwgen wrote it), or `{method}` when nothing was routed, so names
 * never carry an id; its parent the incoming `traceparent`; ERROR on a 5xx, not on a 4xx. The
 * request's duration is recorded in `http.server.request.duration` with the same route.
 */
import { addRecordFields } from '../../core/log/record-fields.js';
import { type Execute, isPromise } from '../../core/pipeline/pipeline.js';
import type { HttpExchange } from '../../http/exchange.js';
import type { Attributes, Getter, Span } from './otel.js';
import { SpanKind } from './otel.js';
import { defined, errorType, markFailed, type Telemetry, traceFields, within } from './shared.js';

/** The methods the conventions name; any other is `_OTHER`. */
const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

/** Reads the trace context from a request's headers. */
export const HEADERS: Getter<{ header(name: string): string }> = {
  keys: () => [],
  get: (request, key) => request.header(key) || undefined,
};

/** The method as the conventions write it: a known one, else `_OTHER`. */
export function methodName(method: string): string {
  return KNOWN_METHODS.has(method) ? method : '_OTHER';
}

/** The method as a span's name starts: `HTTP` for one the conventions do not know. */
function spanMethod(method: string): string {
  return method === '_OTHER' ? 'HTTP' : method;
}

/** `host:port` of the `Host` header, split; the port is the socket's when the header has none. */
export function serverAttributes(host: string, localPort: number | undefined): Attributes {
  const bracket = host.startsWith('[') ? host.indexOf(']') : -1;
  const colon = bracket >= 0 ? host.indexOf(':', bracket) : host.lastIndexOf(':');
  const name = colon >= 0 ? host.slice(0, colon) : host;
  const port = colon >= 0 ? Number(host.slice(colon + 1)) : localPort;
  return {
    'server.address': name === '' ? undefined : name.replace(/^\[|\]$/g, ''),
    'server.port': port !== undefined && Number.isInteger(port) ? port : undefined,
  };
}

/** The attributes of a request as it arrives. */
function requestAttributes(ex: HttpExchange, method: string): Attributes {
  return {
    'http.request.method': method,
    ...(method === '_OTHER' ? { 'http.request.method_original': ex.method() } : {}),
    'url.path': ex.path(),
    'url.scheme': 'http',
    ...serverAttributes(ex.header('host'), ex.localPort()),
    'client.address': ex.clientAddress() || undefined,
    'user_agent.original': ex.header('user-agent') || undefined,
  };
}

/** Wraps the app's HTTP executions: each one runs with its span active. */
export function tracedHttp(t: Telemetry, execute: Execute<HttpExchange>): Execute<HttpExchange> {
  return (ex, routed) => {
    const method = methodName(ex.method());
    // A server instrumentation (instrumentation-http) may have made the request's SERVER span
    // already: fw's is then its child, INTERNAL, rather than a second trace of the same request.
    const active = t.api.context.active();
    const outer = t.api.trace.getSpan(active) !== undefined;
    const parent = outer ? active : t.propagator.extract(t.api.ROOT_CONTEXT, ex, HEADERS);
    const kind = outer ? SpanKind.INTERNAL : SpanKind.SERVER;
    const attributes = requestAttributes(ex, method);
    const span = t.tracer.startSpan(spanMethod(method), { kind, attributes }, parent);
    const fields = traceFields(span);
    if (fields !== undefined) addRecordFields(ex, fields);
    const done = within(t, parent, span, () => execute(ex, routed));
    const end = (err: Error | undefined) => {
      const answer = { route: ex.routeTemplate, status: ex.sentStatus, err };
      endServerSpan(t, span, method, answer, ex.startedAt);
      return err;
    };
    return isPromise(done) ? done.then(end) : end(done);
  };
}

/** How a request was answered: its route when it was routed, the status sent (0: none), why it failed. */
export interface Answer {
  readonly route: string | undefined;
  readonly status: number;
  readonly err: Error | undefined;
}

/**
 * Ends the SERVER span of a request (an HTTP one, a WebSocket upgrade): named by its route,
 * with the status sent, ERROR on a 5xx or on a failure with no answer at all (the client left),
 * and records its duration since `startedAt` (`performance.now()`) under the same route.
 */
export function endServerSpan(
  t: Telemetry,
  span: Span,
  method: string,
  answer: Answer,
  startedAt: number,
): void {
  const { route, status, err } = answer;
  if (route !== undefined) {
    span.updateName(`${spanMethod(method)} ${route}`);
    span.setAttribute('http.route', route);
  }
  if (status !== 0) span.setAttribute('http.response.status_code', status);
  const failed = status >= 500 || (status === 0 && err !== undefined);
  const type = failed ? (err === undefined ? String(status) : errorType(err)) : undefined;
  if (type !== undefined) markFailed(span, err, type);
  span.end();
  t.requestDuration.record(
    (performance.now() - startedAt) / 1000,
    defined({
      'http.request.method': method,
      'http.route': route,
      'http.response.status_code': status === 0 ? undefined : status,
      'url.scheme': 'http',
      'error.type': type,
    }),
  );
}
