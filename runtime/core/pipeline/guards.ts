/**
 * Type guards for the protocol contexts. Like Spine's Go type assertions they are structural: any
 * object with the methods of the interface passes, not only fw's own classes.
 */
import type {
  ConsumerRequestContext,
  ExecutionContext,
  HttpRequestContext,
  WebSocketContext,
  WebSocketMessageContext,
} from './types.js';

type Methods = Record<string, unknown>;

function hasMethods(ctx: unknown, names: readonly string[]): ctx is Methods {
  if (typeof ctx !== 'object' || ctx === null) return false;
  // fw's own contexts say which lists they implement, on their prototype: no lookups per name.
  const kinds = (ctx as Partial<Record<typeof CONTEXT_KINDS, ReadonlySet<readonly string[]>>>)[
    CONTEXT_KINDS
  ];
  if (kinds?.has(names) === true) return true;
  for (const name of names) if (typeof (ctx as Methods)[name] !== 'function') return false;
  return true;
}

/**
 * @internal On the prototype of each of fw's context classes: the method lists of this file that
 * it implements, so the guards answer for them in one lookup. {@link brandContext} sets it.
 */
export const CONTEXT_KINDS: unique symbol = Symbol('fw.contextKinds');

/** @internal Brands `prototype` with the guards it passes, checked once, here, by name. */
export function brandContext(prototype: object): void {
  const kinds = new Set<readonly string[]>();
  for (const names of [HTTP, CONSUMER, WEBSOCKET, WEBSOCKET_MESSAGE]) {
    if (hasMethods(prototype, names)) kinds.add(names);
  }
  Object.defineProperty(prototype, CONTEXT_KINDS, { value: kinds, enumerable: false });
}

/** Every method of `ExecutionContext`, its carriers' included. */
const EXECUTION = [
  'method',
  'path',
  'params',
  'pathKeys',
  'header',
  'queries',
  'set',
  'get',
  'has',
  'context',
  'eventBus',
  'requestId',
];
const HTTP = [...EXECUTION, 'bind', 'multipartForm', 'headers', 'param', 'query'];
const CONSUMER = [...EXECUTION, 'eventName', 'payload'];
const WEBSOCKET = [...EXECUTION, 'connId', 'messageType', 'payload'];
const WEBSOCKET_MESSAGE = [
  ...WEBSOCKET,
  'headers',
  'query',
  'cookie',
  'cookies',
  'remoteAddr',
  'host',
  'requestURI',
];

/** Whether `ctx` is an HTTP request context (and an execution context). */
export function isHttpRequestContext(ctx: unknown): ctx is HttpRequestContext & ExecutionContext {
  return hasMethods(ctx, HTTP);
}

/** Whether `ctx` is an event consumer's context (and an execution context). */
export function isConsumerRequestContext(
  ctx: unknown,
): ctx is ConsumerRequestContext & ExecutionContext {
  return hasMethods(ctx, CONSUMER);
}

/** Whether `ctx` is a WebSocket message's context. */
export function isWebSocketContext(ctx: unknown): ctx is WebSocketContext {
  return hasMethods(ctx, WEBSOCKET);
}

/** Whether `ctx` is a WebSocket message's context with its upgrade-request snapshot. */
export function isWebSocketMessageContext(ctx: unknown): ctx is WebSocketMessageContext {
  return hasMethods(ctx, WEBSOCKET_MESSAGE);
}
