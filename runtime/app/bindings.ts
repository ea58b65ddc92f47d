/**
 * The shape of what fwgen generates and `createApp` runs: plain data describing every controller,
 * handler and parameter, plus one small invoker function per handler. Nothing here is found by
 * reflection; a hand-written `Bindings` object works the same way (the tests use them).
 *
 * What is the default may be left out: `interceptors` (none), a parameter's `index` (its position
 * in `params`) and `optional` (false); `createApp` fills them in.
 *
 * @example
 * export const bindings: Bindings = {
 *   version: 3,
 *   controllers: [defineController({
 *     type: UserController, name: 'UserController',
 *     handlers: [{
 *       name: 'get', method: 'GET', path: '/users/:id',
 *       params: [{ name: 'id', type: 'number', pathKey: 'id' }],
 *       invoke: (c, a) => c.get(a[0] as number),
 *     }],
 *   })],
 * };
 */
import type { Interceptor } from '../core/pipeline/interceptor.js';
import type { ParameterMeta } from '../core/pipeline/resolver.js';
import type { EventDelivery } from '../events/transport.js';

/**
 * The bindings format fwgen writes. This runtime also reads versions 1 and 2 without a graph
 * (version 1 had no consumer `delivery`: every consumer then shares the app's group); a graph of
 * either was lists indexed by position, which fwgen must write again.
 */
export const BINDINGS_VERSION = 3;

/** A class the app can create (with no arguments) or find among the providers. */
export type Class<T = unknown> = abstract new (...args: never[]) => T;

/** An interceptor class named in `@UseInterceptors`. */
export type InterceptorClass = Class<Interceptor>;

/** Everything fwgen found in the application. */
export interface Bindings {
  readonly version: typeof BINDINGS_VERSION | 2 | 1;
  readonly controllers: readonly ControllerBinding[];
  /**
   * The application's object graph, which fwgen builds from constructor parameter types and
   * `provider(…)` signatures. Without one (hand-written bindings), each controller and interceptor
   * is taken from `providers` or created with no arguments. Only version 3 has one.
   */
  readonly graph?: Graph;
  /**
   * The writers of the events the code publishes (`publishEvents`), by event name: each writes an
   * event of the type fwgen found published under that name, by its declared properties, for the
   * broker message. An event whose name is not here is sent as `JSON.stringify` writes it.
   */
  readonly published?: Readonly<Record<string, (event: unknown) => string | undefined>>;
}

/**
 * What can be asked of the graph: a class (its instance) or a provider constant (what it returns,
 * awaited). `override`, `app.get` and the `interceptors` option take these.
 */
// biome-ignore lint/suspicious/noExplicitAny: a provider's parameters are whatever it declares
export type GraphKey = Class | ((...args: any[]) => unknown);

/** The instance a key stands for: a class's instance, or its provider's awaited result. */
export type InstanceOf<K> = K extends abstract new (
  ...args: never[]
) => infer T
  ? T
  : // biome-ignore lint/suspicious/noExplicitAny: as in GraphKey
    K extends (...args: any[]) => infer R
    ? Awaited<R>
    : never;

/**
 * Registers one instance of the graph under `key` and returns its getter: the first call makes the
 * instance with `create` (or answers the override of `key` without calling `create`), every later
 * call answers the same one. Registering makes nothing. `name` names the instance in messages and
 * logs when `key` has no name of its own (a provider constant's function is an argument of
 * `provider`). When `create` returns a promise (an async provider), the getter answers what it
 * resolves to: a factory that asks for it before then is stopped, and run again once it has, so a
 * factory must only call getters and then make its instance.
 */
export type Register = <K extends GraphKey, T extends InstanceOf<K> | Promise<InstanceOf<K>>>(
  key: K,
  create: () => T,
  name?: string,
) => () => Awaited<T>;

/** What the generated graph registers its instances with. */
export interface GraphBuilder {
  /**
   * An instance the app must have: a controller, consumer, gateway or route interceptor, or an
   * `@Injectable()` class. The app makes each root and, through their getters, what they need.
   */
  readonly root: Register;
  /** An instance made only when something the app makes needs it. */
  readonly make: Register;
}

/**
 * The generated object graph. `build` registers every instance, in dependency order (each after
 * what it is made from), and makes nothing; the app then makes the roots and the controllers and
 * interceptors it wants, in that order, and through their getters what they need. An overridden
 * instance is never made, so whatever only it needed is not made either. `async` is true when a
 * provider is: the instances are then made during `start()`/`listen()` instead of in `createApp`.
 *
 * @example
 * function buildGraph({ make, root }: GraphBuilder): void {
 *   const appConfig = make(config, () => config(), 'config');
 *   const database = make(db, () => db(appConfig()), 'db'); // an async provider
 *   root(UserController, () => new UserController(database()));
 * }
 * const graph: Graph = { build: buildGraph, async: true };
 */
export interface Graph {
  /** True when an instance needs an async provider. */
  readonly async?: boolean;
  /** Registers every instance with `graph`, in dependency order. */
  build(graph: GraphBuilder): void;
}

/** One controller class (`@Controller`, `@EventConsumer` or `@WebSocketGateway`). */
export interface ControllerBinding<C = unknown> {
  readonly type: Class<C>;
  /** The class name as written, for messages. */
  readonly name: string;
  /** `path/from/root.ts:line`, for messages. */
  readonly source?: string;
  /** Class-level `@UseInterceptors`, in order; absent: none. */
  readonly interceptors?: readonly InterceptorClass[];
  readonly handlers: readonly HandlerBinding<C>[];
  /**
   * How an `@EventConsumer`'s instances share its messages (its decorator's options); absent: the
   * app's group.
   */
  readonly delivery?: EventDelivery;
}

/** One handler method and how to call it. */
export interface HandlerBinding<C = unknown> {
  /** The method name. */
  readonly name: string;
  /** An HTTP method in upper case, `EVENT` for `@OnEvent` or `WS` for `@OnMessage`. */
  readonly method: string;
  /** The full route path (prefix included), the event name, or the WebSocket path. */
  readonly path: string;
  readonly params: readonly ParameterBinding[];
  /** Method-level `@UseInterceptors`, in order; they run after the class-level ones. Absent: none. */
  readonly interceptors?: readonly InterceptorClass[];
  readonly source?: string;
  /** Calls the handler with resolved arguments; `args[i]` fills `params[i]`. */
  invoke(controller: C, args: readonly unknown[]): unknown;
  /**
   * Writes the handler's JSON answer from its declared type (see `fw/serialize`): fwgen generates
   * one for an HTTP handler that answers an object or an array, for a WebSocket handler whose reply
   * is one, and for an HTTP handler answering `sse()` of such data, where it writes each event's
   * data. `JSON.stringify` without.
   */
  readonly serialize?: (value: unknown) => string | undefined;
}

/**
 * One handler parameter as the bindings write it: a {@link ParameterMeta} whose `index` may be left
 * out (it is the parameter's position in `params`) and `optional` too (false). Resolvers always
 * receive the full `ParameterMeta`.
 */
export type ParameterBinding = Omit<ParameterMeta, 'index' | 'optional'> & {
  readonly index?: number;
  readonly optional?: boolean;
};

/**
 * Types a controller binding by its class, so `invoke` sees the controller's own methods.
 * @example defineController({ type: UserController, name: 'UserController', handlers: [...] })
 */
export function defineController<C>(binding: ControllerBinding<C>): ControllerBinding {
  return binding as ControllerBinding;
}
