/**
 * `createApp`: builds the pipelines from generated bindings, once, and serves them over HTTP, to
 * `inject()` and to the event transport.
 */
import type { Context } from '../core/context/context.js';
import { requestIdFor, requestIdOf } from '../core/context/request-id.js';
import { joinErrors } from '../core/error-chain.js';
import { FwError } from '../core/errors.js';
import { InFlight } from '../core/in-flight.js';
import { log } from '../core/log/logger.js';
import type { DomainEvent } from '../core/pipeline/event-bus.js';
import type { Interceptor } from '../core/pipeline/interceptor.js';
import {
  createPipeline,
  type Execute,
  type MaybePromise,
  type Route,
} from '../core/pipeline/pipeline.js';
import { shareOriginPolicies } from '../core/request/origin.js';
import { FindMyWayRouter } from '../core/router/find-my-way-router.js';
import { ConsumerDeliveries } from '../events/consumer-deliveries.js';
import { consumerProtocol } from '../events/consumer-protocol.js';
import { DefaultDispatcher, eventDispatchHook } from '../events/dispatcher.js';
import { EventContext } from '../events/event-context.js';
import { inMemoryTransport } from '../events/in-memory-transport.js';
import { groupOf } from '../events/subscriptions.js';
import type { DeliveryHandler, EventMetadata, Transport } from '../events/transport.js';
import { warnUnconsumed } from '../events/unconsumed.js';
import { ByteBudget } from '../http/byte-budget.js';
import type { HttpExchange } from '../http/exchange.js';
import { httpProtocol } from '../http/http-protocol.js';
import { type InjectRequest, type InjectResponse, inject } from '../http/inject.js';
import { stageError } from '../http/render.js';
import { NodeServer } from '../node/http-server.js';
import { type GatewayRoute, WebSocketGateways } from '../node/ws-gateways.js';
import { loadWebSocketLibrary } from '../node/ws-server.js';
import type { SendEvent } from '../plugins/instrumentation.js';
import type { WsMessage } from '../ws/ws-message.js';
import { webSocketProtocol } from '../ws/ws-protocol.js';
import type { GraphKey, InstanceOf } from './bindings.js';
import { builtInResolvers } from './built-in-resolvers.js';
import { type CompiledRoutes, compileRoutes } from './compile.js';
import { GraphInstances } from './graph.js';
import { InstanceLifecycle } from './graph-lifecycle.js';
import { checkHealthPaths, healthProbe, type Readiness } from './health.js';
import { transportIdle, whenIdle } from './in-flight.js';
import { type AppInstances, Instances } from './instances.js';
import { type AppOptions, resolveOptions } from './options.js';
import { replacementsOf } from './overrides.js';
import { AppPluginHost } from './plugin-host.js';
import { checkBindingsCurrent } from './stale.js';

/** A running fw application. */
export interface App {
  /**
   * Starts the transport and the consumers without serving HTTP: a worker that only consumes
   * events calls this instead of `listen`. Rejects when the transport cannot start (a broker that
   * cannot be reached); it may then be called again.
   */
  start(): Promise<void>;
  /**
   * Binds `host:port` (port 0: any free port), then starts the transport as `start()` does, and
   * serves HTTP and WebSocket. A request arriving before the start is done waits for it (the
   * health probes answer at once, readiness 503). Rejects, leaving nothing open, when the port
   * cannot be bound (the transport is not started) or the start fails (the port is released).
   * @default { port: 0, host: '127.0.0.1' }
   */
  listen(options?: { port?: number; host?: string }): Promise<{ port: number }>;
  /** Runs one HTTP request through the pipeline without a socket. */
  inject(request: InjectRequest): Promise<InjectResponse>;
  /**
   * Runs the consumers of `eventName` for one message, as a transport would, with `metadata` as
   * it would have travelled; rejects if one fails.
   */
  emit(eventName: string, payload: unknown, metadata?: EventMetadata): Promise<void>;
  /**
   * Resolves once every delivery this app has started (by its transport, by `emit`) and every
   * event it has published is done, with the deliveries those cause; closes nothing. On a broker,
   * a message still in the broker is not waited for.
   * @see docs/API.md, "Waiting for the consumers"
   */
  idle(): Promise<void>;
  /**
   * Stops taking requests and messages, lets those in flight finish, closes the transport, then
   * calls `onClose()` of the graph's instances, in reverse dependency order.
   */
  close(): Promise<void>;
  /**
   * The app's instance of a class or a provider constant (its override, when it has one). Throws
   * `FW_ERR_NOT_PROVIDED` for a key the app does not have, and `FW_ERR_NOT_STARTED` before
   * `start()` has built a graph with an async provider.
   * @example const users = app.get(UserService);
   * @see docs/API.md, "Dependency injection"
   */
  get<K extends GraphKey>(key: K): InstanceOf<K>;
}

const encoder = new TextEncoder();

/**
 * Creates an app from fwgen's bindings. Throws, naming the handler or option at fault, when a
 * parameter has no resolver, a controller cannot be created, two routes collide, or the bindings
 * differ from what the decorators declare (fwgen was not run again after an edit). Builds the
 * object graph, unless a provider is async: then `start()` builds it.
 * @example
 * const app = createApp({ bindings, interceptors: [AuthInterceptor, new TimingInterceptor()] });
 * await app.listen({ port: 3000 });
 */
export function createApp(options: AppOptions): App {
  const resolved = resolveOptions(options);
  const { logger, health, instrumentation: telemetry } = resolved;
  const resolvers = [
    ...(options.resolvers ?? []),
    ...builtInResolvers({ pagination: resolved.pagination }),
  ];
  const compiled = compileRoutes(options.bindings, resolvers);
  checkBindingsCurrent(options.bindings);
  if (health !== undefined) checkHealthPaths(compiled.routes, health);
  const instances = instancesOf(options, compiled);
  // The global interceptors, filled in with the routes' instances: by `attach`.
  const interceptors: Interceptor[] = [];
  const attach = () => {
    compiled.attach((type, name) => instances.need(type, name));
    for (const i of options.interceptors ?? []) {
      interceptors.push(typeof i === 'function' ? instances.need(i, i.name) : i);
    }
    shareOriginPolicies(interceptors); // a global cors()'s origins, for cross-origin protection
  };
  let built = !instances.async;
  if (built) {
    instances.build();
    attach();
  }
  const lifecycle = new InstanceLifecycle(logger);
  const transport: Transport = options.transport ?? inMemoryTransport();
  const system = transport.system ?? 'fw_custom';
  const toTransport: SendEvent = (name, payload, metadata) =>
    transport.publish(name, payload, metadata);
  const send = telemetry?.send(toTransport, system) ?? toTransport;
  const consumers = new Map<string, Route[]>();
  const inFlight = new InFlight();
  const deliveries = new ConsumerDeliveries();
  const unconsumed = warnUnconsumed(logger, (name) => consumers.has(name));
  // An event is written by the writer of its published type, when fwgen found one: the broker
  // message holds its declared properties only. Each carries the id of the request, message or
  // connection that published it.
  const eventWriters = new Map(Object.entries(options.bindings.published ?? {}));
  const publisher = {
    publish: (ctx: Context, event: DomainEvent) => {
      unconsumed(event.name);
      const text = eventWriters.get(event.name)?.(event) ?? JSON.stringify(event);
      const sent = send(event.name, encoder.encode(text), { requestId: requestIdOf(ctx) });
      return inFlight.track(sent);
    },
  };
  const hooks = [...(options.hooks ?? []), eventDispatchHook(new DefaultDispatcher([publisher]))];

  const router = new FindMyWayRouter<Route>();
  const gateways: GatewayRoute[] = [];
  for (const c of compiled.routes) {
    if (c.method === 'EVENT') {
      consumers.set(c.path, [...(consumers.get(c.path) ?? []), c.route]);
      deliveries.add(c.path, c.route, c.delivery);
    } else if (c.method === 'WS') gateways.push(c);
    else router.add(c.method, c.path, c.route, c.label);
  }
  const routed: Execute<HttpExchange> = createPipeline({
    interceptors,
    hooks,
    protocol: httpProtocol(router),
    logger,
  });
  const http = telemetry?.http(routed) ?? routed;
  const consume: Execute<EventContext> = createPipeline({
    interceptors,
    hooks,
    protocol: consumerProtocol,
    logger,
  });
  const received: Execute<WsMessage> = createPipeline({
    interceptors,
    hooks,
    protocol: webSocketProtocol,
    logger,
  });
  const messages = telemetry?.messages(received) ?? received;
  const webSockets = new WebSocketGateways({
    routes: gateways,
    execute: messages,
    interceptors,
    limits: resolved.webSocket,
    closeTimeoutMs: resolved.closeTimeoutMs,
    logger,
    observer: telemetry?.upgrades,
  });

  let started: Promise<void> | undefined;
  let ready = false;
  let closed = false;
  let listening = false;
  // Ready once started, while the transport reaches its broker, until close() begins.
  const readiness = (): Readiness => ({
    started: ready,
    transport: transport.connected?.() ?? ready,
    closing: closed,
  });
  // The health probes answer first; the plug-ins join after the controllers' routes, which win
  // over theirs (docs/API.md, "Static files").
  const plugins = new AppPluginHost(logger, compiled.routes, router);
  if (health !== undefined) {
    plugins.addProbe(healthProbe(health, readiness, logger), [health.live, health.ready]);
  }
  for (const plugin of resolved.plugins) plugin.setup(plugins);
  const probe = plugins.probe();
  const headers = plugins.addedHeaders();
  // Between listen() binding the port and the app having started, a request waits for the start
  // (the health probes answer at once, readiness 503); if the start fails, it gets 503.
  const waiting = new Set<Promise<Error | undefined>>();
  const serve: Execute<HttpExchange> = (ex) => {
    if (ready) return http(ex);
    const wait = (started ?? Promise.reject(new FwError('FW_ERR_SHUTTING_DOWN'))).then(
      () => http(ex),
      () => refuse(ex, new FwError('FW_ERR_SHUTTING_DOWN')),
    );
    waiting.add(wait);
    return wait.finally(() => waiting.delete(wait));
  };
  // One count of the bytes requests hold, for the server and inject() alike.
  const budget = new ByteBudget(resolved.maxBufferedBytes);
  const server = new NodeServer(serve, {
    limits: resolved.limits,
    budget,
    timeouts: resolved.timeouts,
    requestTimeoutMs: resolved.requestTimeoutMs,
    closeTimeoutMs: resolved.closeTimeoutMs,
    logger,
    probe,
    upgrade: {
      // An upgrade waits for the start as a request does; if the start fails, its socket ends.
      upgrade(req, socket, head) {
        if (ready) return webSockets.upgrade(req, socket, head);
        void (started ?? Promise.reject(new FwError('FW_ERR_SHUTTING_DOWN'))).then(
          () => webSockets.upgrade(req, socket, head),
          () => socket.destroy(),
        );
      },
      close: () => webSockets.close(),
    },
    encode: plugins.encoder(),
    headers,
  });

  const deliverNow = async (
    eventName: string,
    payload: Uint8Array,
    metadata: EventMetadata | undefined,
    among: ReadonlyMap<string, readonly Route[]> = consumers,
  ): Promise<void> => {
    // One id for every consumer of the message: the publisher's when it is a token.
    const requestId = requestIdFor(metadata?.requestId);
    const routes = among.get(eventName);
    if (routes === undefined) throw new FwError('FW_ERR_NO_CONSUMER', { event: eventName });
    if (payload.byteLength > resolved.maxPayloadBytes) {
      throw new FwError('FW_ERR_PAYLOAD_TOO_LARGE', {
        size: payload.byteLength,
        limit: resolved.maxPayloadBytes,
      });
    }
    if (routes.length === 1) {
      const failure = await consume(new EventContext({ eventName, payload, requestId }), routes[0]);
      if (failure !== undefined) throw failure;
      return;
    }
    // The consumers of one message run side by side: one that is slow does not hold back the
    // others' work (the message is acknowledged once all of them are done).
    const failures = await Promise.all(
      routes.map(async (route) =>
        consume(new EventContext({ eventName, payload, requestId }), route),
      ),
    );
    const failure = failures.reduce<Error | undefined>((a, b) => joinErrors(a, b), undefined);
    if (failure !== undefined) throw failure;
  };
  const deliver: typeof deliverNow = (...args) => inFlight.track(deliverNow(...args));

  // A delivery's handler, with its span when telemetry is on.
  const traced = (handle: DeliveryHandler, by: string, group: string | undefined) =>
    telemetry?.deliveries(handle, { system: by, group }) ?? handle;
  // `app.emit` runs the consumers as the in-memory transport would, a producer span before them.
  const emitted = traced(
    (d) => deliver(d.eventName, d.payload, d.metadata),
    'fw_memory',
    undefined,
  );
  const emitToConsumers: SendEvent = (eventName, payload, metadata) =>
    emitted({ eventName, payload, metadata, messageId: metadata.messageId });
  const emit = telemetry?.send(emitToConsumers, 'fw_memory') ?? emitToConsumers;

  // An async graph first, then onInit of every instance, then the transport.
  const starting = async () => {
    if (!built) {
      await instances.build();
      attach();
      built = true;
    }
    await lifecycle.init(instances.managed());
    const subscriptions = deliveries
      .subscriptions((routes) => (d) => deliver(d.eventName, d.payload, d.metadata, routes))
      .map((s) => ({ ...s, handle: traced(s.handle, system, groupOf(s, transport)) }));
    const all = traced((d) => deliver(d.eventName, d.payload, d.metadata), system, transport.group);
    await transport.start([...consumers.keys()].sort(), all, { logger, subscriptions });
    ready = true;
  };
  const start = () => {
    started ??= starting().catch((err: unknown) => {
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
    // The port first: an instance that cannot have it must not consume a message meanwhile.
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      if (closed) throw new FwError('FW_ERR_APP_CLOSED');
      if (listening) throw new FwError('FW_ERR_ALREADY_LISTENING');
      listening = true;
      let bound: { port: number } | undefined;
      try {
        if (gateways.length > 0) await loadWebSocketLibrary();
        bound = await server.listen(port, host);
        await start();
      } catch (err) {
        listening = false; // nothing listens: a later listen() may try again
        if (bound !== undefined) {
          await Promise.allSettled(waiting);
          await server.unlisten();
        }
        throw err;
      }
      log(logger, 'info', { host, port: bound.port }, 'listening');
      return bound;
    },
    async inject(request) {
      await open();
      const target = { execute: http, limits: resolved.limits, budget, logger, probe, headers };
      return inject(target, request);
    },
    emit(eventName, payload, metadata) {
      const emitting = async () => {
        await open();
        await emit(eventName, toPayload(payload), metadata ?? {});
      };
      return inFlight.track(emitting());
    },
    idle: () => whenIdle(inFlight, transportIdle(transport)),
    async close() {
      closed = true;
      await server.close();
      await started?.catch(() => {});
      await transport.close();
      await lifecycle.close();
    },
    get: <K extends GraphKey>(key: K) => instances.get(key) as InstanceOf<K>,
  };
}

/** The app's instances: from the bindings' graph, or as hand-written bindings without one have them. */
function instancesOf(options: AppOptions, compiled: CompiledRoutes): AppInstances {
  const replacements = replacementsOf(options.providers, options.overrides);
  const graph = options.bindings.graph;
  if (graph === undefined) return new Instances(replacements);
  const wanted = [...compiled.wanted];
  for (const i of options.interceptors ?? []) {
    if (typeof i === 'function') {
      wanted.push({ type: i, name: i.name, by: 'named in createApp({ interceptors })' });
    }
  }
  return new GraphInstances(graph, replacements, wanted);
}

/** Answers a request that the app cannot serve with `err`'s problem. */
function refuse(ex: HttpExchange, err: FwError): MaybePromise<Error | undefined> {
  stageError(ex.response, err);
  const sent = ex.send();
  return sent === undefined ? err : sent.then(() => err);
}

function toPayload(payload: unknown): Uint8Array {
  if (payload instanceof Uint8Array) return payload;
  if (typeof payload === 'string') return encoder.encode(payload);
  return encoder.encode(JSON.stringify(payload));
}
