/**
 * `createApp`: builds the pipelines from generated bindings, once, and serves them over HTTP, to
 * `inject()` and to the event transport.
 */
import { EventContext } from '../context/event-context.js';
import { findHttpError, joinErrors } from '../core/error-chain.js';
import { createPipeline, type Execute, type Route } from '../core/pipeline.js';
import { builtInResolvers } from '../core/resolvers/index.js';
import { FwError } from '../errors.js';
import { consumerProtocol } from '../events/consumer-protocol.js';
import { DefaultDispatcher, eventDispatchHook } from '../events/dispatcher.js';
import { inMemoryTransport } from '../events/in-memory-transport.js';
import type { Transport } from '../events/transport.js';
import type { HttpExchange } from '../http/exchange.js';
import { httpProtocol } from '../http/http-protocol.js';
import { type InjectRequest, type InjectResponse, inject } from '../http/inject.js';
import { NodeServer } from '../http/node-server.js';
import { FindMyWayRouter } from '../router/find-my-way-router.js';
import { type GatewayRoute, WebSocketGateways } from '../ws/gateways.js';
import type { WsMessage } from '../ws/ws-message.js';
import { webSocketProtocol } from '../ws/ws-protocol.js';
import { compileRoutes } from './compile.js';
import { Instances } from './instances.js';
import { type AppOptions, resolveOptions } from './options.js';

/** A running fw application. */
export interface App {
  /**
   * Starts the transport and the consumers without serving HTTP: a worker that only consumes
   * events calls this instead of `listen`. Rejects when the transport cannot start (a broker that
   * cannot be reached); it may then be called again.
   */
  start(): Promise<void>;
  /**
   * Starts the transport as `start()` does, then serves HTTP and WebSocket on `host:port`
   * (port 0: any free port). @default { port: 0, host: '127.0.0.1' }
   */
  listen(options?: { port?: number; host?: string }): Promise<{ port: number }>;
  /** Runs one HTTP request through the pipeline without a socket. */
  inject(request: InjectRequest): Promise<InjectResponse>;
  /** Runs the consumers of `eventName` for one message, as a transport would; rejects if one fails. */
  emit(eventName: string, payload: unknown): Promise<void>;
  /** Stops taking requests and messages, lets those in flight finish, then releases everything. */
  close(): Promise<void>;
}

const encoder = new TextEncoder();

/**
 * Creates an app from fwgen's bindings. Throws, naming the handler or option at fault, when a
 * parameter has no resolver, a controller cannot be created, or two routes collide.
 * @example
 * const app = createApp({ bindings, interceptors: [new AuthInterceptor()] });
 * await app.listen({ port: 3000 });
 */
export function createApp(options: AppOptions): App {
  const resolved = resolveOptions(options);
  const instances = new Instances(options.providers);
  const resolvers = [...(options.resolvers ?? []), ...builtInResolvers()];
  const compiled = compileRoutes(options.bindings, instances, resolvers);
  const transport: Transport =
    options.transport ??
    inMemoryTransport({
      onError: (err, d) => resolved.logger.error(`fw: event ${d.eventName} failed`, err),
    });
  const publisher = {
    publish: (_ctx: unknown, event: { name: string }) =>
      transport.publish(event.name, encoder.encode(JSON.stringify(event))),
  };
  const hooks = [...(options.hooks ?? []), eventDispatchHook(new DefaultDispatcher([publisher]))];
  const interceptors = options.interceptors ?? [];

  const router = new FindMyWayRouter<Route>();
  const consumers = new Map<string, Route[]>();
  const gateways: GatewayRoute[] = [];
  for (const c of compiled) {
    if (c.method === 'EVENT') consumers.set(c.path, [...(consumers.get(c.path) ?? []), c.route]);
    else if (c.method === 'WS') gateways.push(c);
    else router.add(c.method, c.path, c.route, c.label);
  }
  const http: Execute<HttpExchange> = createPipeline({
    interceptors,
    hooks,
    protocol: httpProtocol(router),
  });
  const consume: Execute<EventContext> = createPipeline({
    interceptors,
    hooks,
    protocol: consumerProtocol,
  });
  const messages: Execute<WsMessage> = createPipeline({
    interceptors,
    hooks,
    protocol: webSocketProtocol,
  });
  const webSockets = new WebSocketGateways({
    routes: gateways,
    execute: messages,
    interceptors,
    limits: resolved.webSocket,
    closeTimeoutMs: resolved.closeTimeoutMs,
    onError: (message, err) => resolved.logger.error(message, err),
  });
  const server = new NodeServer(http, {
    limits: resolved.limits,
    timeouts: resolved.timeouts,
    requestTimeoutMs: resolved.requestTimeoutMs,
    closeTimeoutMs: resolved.closeTimeoutMs,
    onError: (err, ex) => {
      // A client error sent as such is the client's; anything else, including an HttpError that
      // could not be sent as it is and went out as a bare 500, is the server's to log.
      if (!(isClientError(findHttpError(err)?.status) && isClientError(ex.response.status()))) {
        resolved.logger.error('fw: request failed', err);
      }
    },
    upgrade: webSockets,
  });

  const deliver = async (eventName: string, payload: Uint8Array): Promise<void> => {
    const routes = consumers.get(eventName);
    if (routes === undefined) throw new FwError('FW_ERR_NO_CONSUMER', { event: eventName });
    if (payload.byteLength > resolved.maxPayloadBytes) {
      throw new FwError('FW_ERR_PAYLOAD_TOO_LARGE', {
        size: payload.byteLength,
        limit: resolved.maxPayloadBytes,
      });
    }
    let failure: Error | undefined;
    for (const route of routes) {
      failure = joinErrors(failure, await consume(new EventContext({ eventName, payload }), route));
    }
    if (failure !== undefined) throw failure;
  };

  let started: Promise<void> | undefined;
  let closed = false;
  let listening = false;
  const start = () => {
    started ??= transport
      .start([...consumers.keys()].sort(), (d) => deliver(d.eventName, d.payload))
      .catch((err: unknown) => {
        started = undefined; // a later call tries again
        throw err;
      });
    return started;
  };
  const open = () => {
    if (closed) throw new FwError('FW_ERR_APP_CLOSED');
    return start();
  };

  return {
    async start() {
      await open();
    },
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await open();
      if (listening) throw new FwError('FW_ERR_ALREADY_LISTENING');
      listening = true;
      try {
        return await server.listen(port, host);
      } catch (err) {
        listening = false; // nothing listens: a later listen() may try another port
        throw err;
      }
    },
    async inject(request) {
      await open();
      return inject(http, resolved.limits, request);
    },
    async emit(eventName, payload) {
      await open();
      await deliver(eventName, toPayload(payload));
    },
    async close() {
      closed = true;
      await server.close();
      await started?.catch(() => {});
      await transport.close();
    },
  };
}

function isClientError(status: number | undefined): boolean {
  return status !== undefined && Number.isInteger(status) && status >= 400 && status < 500;
}

function toPayload(payload: unknown): Uint8Array {
  if (payload instanceof Uint8Array) return payload;
  if (typeof payload === 'string') return encoder.encode(payload);
  return encoder.encode(JSON.stringify(payload));
}
