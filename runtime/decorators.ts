/**
 * The decorators that mark controllers and handlers (API.md section 7). They do nothing at run time:
 * fwgen reads them from the source. Each works with and without `experimentalDecorators`, since it
 * accepts any arguments (legacy `(target, key, descriptor)` or standard `(value, context)`).
 */

/** A decorator that accepts any target and does nothing. */
export type InertDecorator = (...args: unknown[]) => void;

const inert: InertDecorator = () => {};
const withPath = (_path?: string): InertDecorator => inert;
const bare = (): InertDecorator => inert;

/** Marks an HTTP controller; `prefix` is joined before each route path. */
export const Controller: (prefix?: string) => InertDecorator = withPath;
/** Routes `GET path` to the method. */
export const Get: (path?: string) => InertDecorator = withPath;
/** Routes `POST path` to the method. */
export const Post: (path?: string) => InertDecorator = withPath;
/** Routes `PUT path` to the method. */
export const Put: (path?: string) => InertDecorator = withPath;
/** Routes `PATCH path` to the method. */
export const Patch: (path?: string) => InertDecorator = withPath;
/** Routes `DELETE path` to the method. */
export const Delete: (path?: string) => InertDecorator = withPath;
/** Routes `OPTIONS path` to the method. */
export const Options: (path?: string) => InertDecorator = withPath;
/** Routes `HEAD path` to the method. */
export const Head: (path?: string) => InertDecorator = withPath;
/** Runs these interceptor classes around the class's handlers (class ones first), or one method's. */
export const UseInterceptors: (
  ...interceptors: (abstract new (
    ...args: never[]
  ) => unknown)[]
) => InertDecorator = bare;
/** Marks a class whose methods consume events. */
export const EventConsumer: () => InertDecorator = bare;
/** Consumes the events named `name`. */
export const OnEvent: (name: string) => InertDecorator = withPath;
/** Marks a class that accepts WebSocket connections on `path` (route keys allowed). */
export const WebSocketGateway: (path: string) => InertDecorator = withPath;
/** Handles each message of the gateway's connections. */
export const OnMessage: () => InertDecorator = bare;
