/**
 * The decorators that mark controllers and handlers (API.md section 7). They do nothing at run time:
 * fwgen reads them from the source. Each works with and without `experimentalDecorators`.
 */

/** A decorator that accepts any target and does nothing. */
export type InertDecorator = (...args: unknown[]) => void;

const inert: InertDecorator = () => {};

/** Marks an HTTP controller; `prefix` is joined before each route path. */
export function Controller(_prefix?: string): InertDecorator {
  return inert;
}
/** Routes `GET path` to the method. */
export function Get(_path?: string): InertDecorator {
  return inert;
}
/** Routes `POST path` to the method. */
export function Post(_path?: string): InertDecorator {
  return inert;
}
/** Routes `PUT path` to the method. */
export function Put(_path?: string): InertDecorator {
  return inert;
}
/** Routes `PATCH path` to the method. */
export function Patch(_path?: string): InertDecorator {
  return inert;
}
/** Routes `DELETE path` to the method. */
export function Delete(_path?: string): InertDecorator {
  return inert;
}
/** Routes `OPTIONS path` to the method. */
export function Options(_path?: string): InertDecorator {
  return inert;
}
/** Routes `HEAD path` to the method. */
export function Head(_path?: string): InertDecorator {
  return inert;
}
/** Runs these interceptor classes around the class's handlers, or one method's. */
export function UseInterceptors(
  ..._interceptors: (abstract new (
    ...args: never[]
  ) => unknown)[]
): InertDecorator {
  return inert;
}
/** Marks a class whose methods consume events. */
export function EventConsumer(): InertDecorator {
  return inert;
}
/** Consumes the events named `name`. */
export function OnEvent(_name: string): InertDecorator {
  return inert;
}
/** Marks a class that accepts WebSocket connections on `path`. */
export function WebSocketGateway(_path: string): InertDecorator {
  return inert;
}
/** Handles each message of the gateway's connections. */
export function OnMessage(): InertDecorator {
  return inert;
}
