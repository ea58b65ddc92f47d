/**
 * The decorators that mark controllers and handlers (docs/API.md section 7). fwgen reads them from
 * the source; at run time each only records what it declares (declared.ts), so that `createApp`
 * can tell bindings that no longer match the source. Each works with and without
 * `experimentalDecorators`, since the decorator it returns accepts any arguments (legacy
 * `(target, key, descriptor)` or standard `(value, context)`), and returns nothing: the class or
 * method stays as it was. Each must be called (`@Get()`); one applied bare leaves its class or
 * method as it was, records nothing, and fwgen reports it (FW0109).
 */
import { type DeclaredKind, recordController, recordHandler } from './declared.js';

/** A decorator that accepts any target and returns nothing. */
export type InertDecorator = (...args: unknown[]) => void;

/**
 * The decorator `@UseInterceptors(…)` and `@Injectable()` return: they declare nothing that the
 * bindings could contradict. Used as a decorator it returns nothing, so the class or method stays
 * as it was. It throws only when constructed: that happens when a bare
 * `@UseInterceptors` on a class under `experimentalDecorators` (a call that cannot be told from
 * `UseInterceptors(SomeClass)`) made it replace the class.
 */
const inert: InertDecorator = function inert(this: unknown): void {
  if (new.target !== undefined) {
    throw new TypeError(
      'fw: this class was replaced by a decorator applied without its parentheses (a bare ' +
        '`@UseInterceptors`); call it: `@UseInterceptors(AuthInterceptor)`. fwgen reports where (FW0109).',
    );
  }
};

/**
 * What a factory returns when it was itself applied as a decorator (`@Get` for `@Get()`), given
 * the class or method (TC39 `(value, context)`, legacy `(target, key?, descriptor?)`), which none
 * of its own arguments can be: nothing, so that nothing replaces the class or method.
 */
const APPLIED_BARE = undefined as unknown as InertDecorator;

const isPath = (arg: unknown): boolean => arg === undefined || typeof arg === 'string';
const isClass = (arg: unknown): boolean => typeof arg === 'function';

function withClasses(...args: unknown[]): InertDecorator {
  return args.every(isClass) ? inert : APPLIED_BARE;
}

/** A class decorator's factory taking a path: the prefix of `@Controller`, the path of a gateway. */
function classWithPath(kind: DeclaredKind) {
  return (...args: unknown[]): InertDecorator => {
    if (args.length > 1 || !isPath(args[0])) return APPLIED_BARE;
    const declared = { kind, path: args[0] as string | undefined, options: undefined };
    return (...target: unknown[]) => recordController(target, declared);
  };
}

/** A method decorator's factory taking a path or an event name (`route('GET')` is `@Get`). */
function route(method: string) {
  return (...args: unknown[]): InertDecorator => {
    if (args.length > 1 || !isPath(args[0])) return APPLIED_BARE;
    const declared = { method, path: args[0] as string | undefined };
    return (...target: unknown[]) => recordHandler(target, declared);
  };
}

type Options = { readonly group?: unknown; readonly broadcast?: unknown } | undefined;

function eventConsumer(...args: unknown[]): InertDecorator {
  const [options] = args;
  const isOptions = options === undefined || (typeof options === 'object' && options !== null);
  if (args.length > 1 || !isOptions) return APPLIED_BARE;
  const declared = { kind: 'events' as const, path: undefined, options: options as Options };
  return (...target: unknown[]) => recordController(target, declared);
}

function onMessage(...args: unknown[]): InertDecorator {
  if (args.length > 0) return APPLIED_BARE;
  const declared = { method: 'WS', path: undefined };
  return (...target: unknown[]) => recordHandler(target, declared);
}

function withNothing(...args: unknown[]): InertDecorator {
  return args.length > 0 ? APPLIED_BARE : inert;
}

/** Marks an HTTP controller; `prefix` is joined before each route path. */
export const Controller: (prefix?: string) => InertDecorator = classWithPath('http');
/** Routes `GET path` to the method. */
export const Get: (path?: string) => InertDecorator = route('GET');
/** Routes `POST path` to the method. */
export const Post: (path?: string) => InertDecorator = route('POST');
/** Routes `PUT path` to the method. */
export const Put: (path?: string) => InertDecorator = route('PUT');
/** Routes `PATCH path` to the method. */
export const Patch: (path?: string) => InertDecorator = route('PATCH');
/** Routes `DELETE path` to the method. */
export const Delete: (path?: string) => InertDecorator = route('DELETE');
/** Routes `OPTIONS path` to the method. */
export const Options: (path?: string) => InertDecorator = route('OPTIONS');
/** Routes `HEAD path` to the method. */
export const Head: (path?: string) => InertDecorator = route('HEAD');
/** Runs these interceptor classes around the class's handlers (class ones first), or one method's. */
export const UseInterceptors: (
  ...interceptors: (abstract new (
    ...args: never[]
  ) => unknown)[]
) => InertDecorator = withClasses;
/**
 * How the instances of an `@EventConsumer` share its messages: `group` names the group whose
 * instances share them (each message handled once per group; the default is the transport's
 * `group`, the app's), `broadcast: true` has every instance receive every message (a WebSocket
 * fan-out, a local cache). Not both: fwgen reports it (FW0110).
 */
export type EventConsumerOptions =
  | { readonly group?: string; readonly broadcast?: false }
  | { readonly broadcast: true; readonly group?: never };

/**
 * Marks a class whose methods consume events; `options` says how its instances share them.
 * @example @EventConsumer({ broadcast: true }) export class OrderFeed { … }
 * @see docs/API.md, "Events"
 */
export const EventConsumer: (options?: EventConsumerOptions) => InertDecorator = eventConsumer;
/** Consumes the events named `name`. */
export const OnEvent: (name: string) => InertDecorator = route('EVENT');
/** Marks a class that accepts WebSocket connections on `path` (route keys allowed). */
export const WebSocketGateway: (path: string) => InertDecorator = classWithPath('websocket');
/** Handles each message of the gateway's connections. */
export const OnMessage: () => InertDecorator = onMessage;
/**
 * Marks a class as a root of the generated object graph, created even when no controller needs it
 * (a global interceptor named by class in `createApp({ interceptors })`, a class read with
 * `app.get`).
 */
export const Injectable: () => InertDecorator = withNothing;
