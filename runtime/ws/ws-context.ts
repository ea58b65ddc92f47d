/**
 * The context of one WebSocket message: a `WebSocketMessageContext`. Request data (`header`, `queries`, cookies, …) answers from the immutable
 * snapshot of the upgrade request; without one, it answers `''` and `{}`.
 */

import { background, type Context, withValue } from '../core/context/context.js';
import { REQUEST_ID, requestIdFor } from '../core/context/request-id.js';
import { brandContext, EXECUTION_METHODS, hasMethods } from '../core/pipeline/context-kinds.js';
import { ContextStore } from '../core/pipeline/context-store.js';
import type { ExecutionContext } from '../core/pipeline/execution-context.js';
import type { WebSocketRequestContext } from '../core/request/ws-request-snapshot.js';
import { EMPTY_REQUEST, WebSocketRequestSnapshot } from '../core/request/ws-request-snapshot.js';

/** What a {@link WsContext} is built from. */
export interface WebSocketContextInit {
  /** The WebSocket path (the upgrade request's path). */
  readonly path: string;
  readonly connId: string;
  readonly messageType: 1 | 2;
  readonly payload: Uint8Array;
  /** The upgrade request; snapshotted again unless it already is a snapshot. */
  readonly request?: WebSocketRequestContext;
  /**
   * The message-scoped context, with the connection's beneath; without one, a child of
   * `background()` carrying the id.
   */
  readonly context?: Context;
  /** The message's id; by default the upgrade request's, or a new one without a request. */
  readonly requestId?: string;
}

/** The concrete WebSocket message context. */
export class WsContext extends ContextStore implements WebSocketMessageContext {
  readonly #init: WebSocketContextInit;
  readonly #request: WebSocketRequestSnapshot;
  #requestId: string | undefined;
  #context: Context | undefined;

  constructor(init: WebSocketContextInit) {
    super();
    this.#init = init;
    const request = init.request;
    this.#request =
      request === undefined
        ? EMPTY_REQUEST
        : request instanceof WebSocketRequestSnapshot
          ? request
          : WebSocketRequestSnapshot.of(request);
  }

  method(): string {
    return 'WS';
  }

  path(): string {
    return this.#init.path;
  }

  connId(): string {
    return this.#init.connId;
  }

  messageType(): 1 | 2 {
    return this.#init.messageType;
  }

  payload(): Uint8Array {
    return this.#init.payload;
  }

  header(name: string): string {
    return this.#request.header(name);
  }

  headers(): Readonly<Record<string, readonly string[]>> {
    return this.#request.headers();
  }

  query(name: string): string {
    return this.#request.query(name);
  }

  queries(): Readonly<Record<string, readonly string[]>> {
    return this.#request.queries();
  }

  cookie(name: string): string | undefined {
    return this.#request.cookie(name);
  }

  cookies(): Readonly<Record<string, string>> {
    return this.#request.cookies();
  }

  remoteAddr(): string {
    return this.#request.remoteAddr();
  }

  clientAddress(): string {
    return this.#request.clientAddress();
  }

  host(): string {
    return this.#request.host();
  }

  requestURI(): string {
    return this.#request.requestURI();
  }

  /** The upgrade request's id: every message of a connection answers the same one. */
  requestId(): string {
    const { requestId, request } = this.#init;
    return (this.#requestId ??= requestIdFor(
      requestId ?? (request === undefined ? undefined : this.#request.requestId()),
    ));
  }

  /** The `Context` the message was given, else one carrying its id (`requestIdOf`). */
  context(): Context {
    return (this.#context ??=
      this.#init.context ?? withValue(background(), REQUEST_ID, this.requestId()));
  }
}

/** How WebSocket argument resolvers read a message. */
export interface WebSocketContext extends ExecutionContext {
  connId(): string;
  /** 1 for a text message, 2 for a binary one. */
  messageType(): 1 | 2;
  payload(): Uint8Array;
}

/** A WebSocket message together with the upgrade request it arrived on. */
export interface WebSocketMessageContext extends WebSocketContext, WebSocketRequestContext {}

/** Every method of {@link WebSocketContext}, `ExecutionContext`'s included. */
const WEBSOCKET_METHODS: readonly string[] = [
  ...EXECUTION_METHODS,
  'connId',
  'messageType',
  'payload',
];
/** Every method of {@link WebSocketMessageContext}. */
const WEBSOCKET_MESSAGE_METHODS: readonly string[] = [
  ...WEBSOCKET_METHODS,
  'headers',
  'query',
  'cookie',
  'cookies',
  'remoteAddr',
  'host',
  'requestURI',
];

/** Whether `ctx` is a WebSocket message's context. */
export function isWebSocketContext(ctx: unknown): ctx is WebSocketContext {
  return hasMethods(ctx, WEBSOCKET_METHODS);
}

/** Whether `ctx` is a WebSocket message's context with its upgrade-request snapshot. */
export function isWebSocketMessageContext(ctx: unknown): ctx is WebSocketMessageContext {
  return hasMethods(ctx, WEBSOCKET_MESSAGE_METHODS);
}

brandContext(WsContext.prototype, [WEBSOCKET_METHODS, WEBSOCKET_MESSAGE_METHODS]);
