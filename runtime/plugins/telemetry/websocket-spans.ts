/**
 * The spans of WebSocket traffic: a SERVER span `GET {gateway route}` for each upgrade request, as
 * an HTTP request's (status 101 when accepted), and a SERVER span `WS {gateway route}` for each
 * message, whose parent is the upgrade's span: a connection's messages form one trace with the
 * request that opened it. `fw.websocket.connections` counts the connections open.
 */
import { addRecordFields } from '../../core/log/record-fields.js';
import type { Execute } from '../../core/pipeline/pipeline.js';
import { isPromise } from '../../core/pipeline/pipeline.js';
import type { WebSocketSender } from '../../ws/sender.js';
import type { UpgradeObserver, UpgradeRequest } from '../../ws/upgrade-observer.js';
import { UPGRADE_TRACE } from '../../ws/upgrade-observer.js';
import type { WsMessage } from '../../ws/ws-message.js';
import { endServerSpan, serverAttributes } from './http-spans.js';
import type { Getter, OtelContext } from './otel.js';
import { SpanKind } from './otel.js';
import { asError, markFailed, type Telemetry, traceFields, within } from './shared.js';

const UPGRADE_HEADERS: Getter<UpgradeRequest> = {
  keys: () => [],
  get: (request, key) => request.header(key),
};

/** Watches the gateways' upgrades and counts their connections. */
export function upgradeObserver(t: Telemetry): UpgradeObserver {
  return {
    begin(request) {
      const parent = t.propagator.extract(t.api.ROOT_CONTEXT, request, UPGRADE_HEADERS);
      const attributes = {
        'http.request.method': 'GET',
        'url.path': request.path,
        'url.scheme': 'http',
        ...serverAttributes(request.header('host') ?? '', request.localPort),
        'client.address': request.remoteAddress || undefined,
        'user_agent.original': request.header('user-agent'),
      };
      const span = t.tracer.startSpan('GET', { kind: SpanKind.SERVER, attributes }, parent);
      const startedAt = performance.now();
      return {
        context: t.api.trace.setSpan(parent, span),
        end: (status, route, err) =>
          endServerSpan(t, span, 'GET', { route, status, err }, startedAt),
      };
    },
    sending: (sender, route, connId) => tracedSender(t, sender, route, connId),
    opened(route) {
      const attributes = { 'http.route': route };
      t.connections.add(1, attributes);
      return () => t.connections.add(-1, attributes);
    },
  };
}

/** Wraps the app's WebSocket message executions: each one runs with its span active. */
export function tracedMessages(t: Telemetry, execute: Execute<WsMessage>): Execute<WsMessage> {
  return (msg, routed) => {
    const upgrade = msg.context().value(UPGRADE_TRACE) as OtelContext | undefined;
    const parent = upgrade ?? t.api.ROOT_CONTEXT;
    const route = routed?.meta.route ?? msg.path();
    const attributes = { 'http.route': route, 'fw.websocket.connection.id': msg.connId() };
    const span = t.tracer.startSpan(`WS ${route}`, { kind: SpanKind.SERVER, attributes }, parent);
    const fields = traceFields(span);
    if (fields !== undefined) addRecordFields(msg, fields);
    const done = within(t, parent, span, () => execute(msg, routed));
    const end = (err: Error | undefined) => {
      if (err !== undefined) markFailed(span, err);
      span.end();
      return err;
    };
    return isPromise(done) ? done.then(end) : end(done);
  };
}

/**
 * A connection's sender for `sendMessage`: each message pushed is a PRODUCER span `WS send
 * {gateway route}` under the span active as it is sent (a consumer's, a message's), so a push
 * joins the trace of what caused it.
 */
function tracedSender(
  t: Telemetry,
  sender: WebSocketSender,
  route: string,
  connId: string,
): WebSocketSender {
  return {
    send(data) {
      const attributes = {
        'http.route': route,
        'fw.websocket.connection.id': connId,
        'fw.websocket.message.size':
          typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength,
      };
      const parent = t.api.context.active();
      const kind = SpanKind.PRODUCER;
      const span = t.tracer.startSpan(`WS send ${route}`, { kind, attributes }, parent);
      return sender.send(data).then(
        () => span.end(),
        (err: unknown) => {
          markFailed(span, asError(err));
          span.end();
          throw err;
        },
      );
    },
  };
}
