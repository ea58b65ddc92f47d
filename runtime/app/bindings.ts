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
 *   version: 2,
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
 * The bindings format fwgen writes. This runtime reads it and version 1, which had no consumer
 * `delivery` (every consumer then shares the app's group, as it did).
 */
export const BINDINGS_VERSION = 2;

/** A class the app can create (with no arguments) or find among the providers. */
export type Class<T = unknown> = abstract new (...args: never[]) => T;

/** An interceptor class named in `@UseInterceptors`. */
export type InterceptorClass = Class<Interceptor>;

/** Everything fwgen found in the application. */
export interface Bindings {
  readonly version: typeof BINDINGS_VERSION | 1;
  readonly controllers: readonly ControllerBinding[];
  /**
   * The application's object graph, which fwgen builds from constructor parameter types and
   * `provider(…)` signatures. Without one (hand-written bindings), each controller and interceptor
   * is taken from `providers` or created with no arguments.
   */
  readonly graph?: Graph;
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
 * Called once per instance, in dependency order, by the generated `build`: returns `create()`, or
 * the override of `index`, or `undefined` for an instance nothing needs (its only dependents were
 * overridden), in which case `create` is not called.
 */
export type Make = <T>(index: number, create: () => T) => T;

/**
 * The generated object graph: `keys[i]` is instance `i`'s class or provider constant, listed in
 * dependency order (an instance after everything it needs); `needs[i]` the indexes it is built
 * from; `roots` the instances the app must have (controllers, consumers, gateways, route
 * interceptors, `@Injectable()` classes). `build` creates every instance with `make` and returns
 * them by index; it is `async` (and `async` is true) when a provider is, and then runs during
 * `start()`/`listen()` instead of in `createApp`.
 */
export interface Graph {
  readonly keys: readonly GraphKey[];
  readonly needs: readonly (readonly number[])[];
  readonly roots: readonly number[];
  /**
   * `names[i]` names instance `i` in messages and logs: the class or provider constant as written.
   * A provider constant's function has no name of its own (it is an argument of `provider`), so
   * without this the runtime can only quote its source.
   */
  readonly names?: readonly string[];
  readonly async?: boolean;
  build(make: Make): readonly unknown[] | Promise<readonly unknown[]>;
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
   * Writes the handler's JSON answer from its declared type (fwgen generates one for an HTTP
   * handler that answers an object or an array; see `fw/serialize`); `JSON.stringify` without.
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
