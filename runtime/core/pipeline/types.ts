/**
 * The contexts, interceptors and resolvers that every part of fw speaks (docs/API.md sections 4
 * and 5).
 * Ported from Spine v0.5.2 `core/context.go`, `core/interceptor.go` and `internal/resolver`.
 */
import type { Context } from '../context/context.js';
import type { QueryReader } from '../query/query.js';

/** Something that happened in the domain; published on a request's {@link EventBus}. */
export interface DomainEvent {
  readonly name: string;
  readonly occurredAt: Date;
}

/** Carries the request-scoped {@link Context}. */
export interface ContextCarrier {
  context(): Context;
}

/** The request-scoped queue of domain events; the same bus for the whole request. */
export interface EventBus {
  publish(...events: DomainEvent[]): void;
  /** Returns the events published so far, in order, and empties the bus. */
  drain(): DomainEvent[];
}

/** Carries the request-scoped {@link EventBus}. */
export interface EventBusCarrier {
  eventBus(): EventBus;
}

/** What the pipeline, routers and interceptors see of any request, message or event. */
export interface ExecutionContext extends ContextCarrier, EventBusCarrier {
  /** `GET`, `POST`, … for HTTP; `EVENT` for a consumer; `WS` for a WebSocket message. */
  method(): string;
  /** The request path without the query, the event name, or the WebSocket path. */
  path(): string;
  params(): Readonly<Record<string, string>>;
  /** The path parameter keys in route order. */
  pathKeys(): readonly string[];
  /** First value of a header, name case-insensitive; `''` when absent. */
  header(name: string): string;
  queries(): Readonly<Record<string, readonly string[]>>;
  /**
   * The request's id: the `X-Request-Id` it arrived with (or an event's, or the WebSocket upgrade
   * request's) when that is a short token, otherwise a new one. Echoed as `X-Request-Id`, written
   * in fw's logs and carried by the events the request publishes.
   */
  requestId(): string;
  /** Stores a value for the rest of the request (interceptors share data this way). */
  set(key: string, value: unknown): void;
  get<T = unknown>(key: string): T | undefined;
  has(key: string): boolean;
}

/** The read-only view of an {@link ExecutionContext} that controllers receive. */
export interface ControllerContext {
  get<T = unknown>(key: string): T | undefined;
  has(key: string): boolean;
}

/** An uploaded file of a multipart form, held in memory within the app's limits. */
export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  bytes(): Promise<Uint8Array>;
}

/** A decoded `multipart/form-data` body. */
export interface MultipartForm {
  readonly value: Readonly<Record<string, readonly string[]>>;
  /** Keyed by form field name. */
  readonly file: Readonly<Record<string, readonly UploadedFile[]>>;
}

/** A handler parameter of this type receives the uploaded files. */
export type UploadedFiles = MultipartForm['file'];

/** How HTTP argument resolvers read a request. */
export interface HttpRequestContext extends ContextCarrier, EventBusCarrier {
  param(name: string): string;
  query(name: string): string;
  header(name: string): string;
  params(): Readonly<Record<string, string>>;
  queries(): Readonly<Record<string, readonly string[]>>;
  /** Every header, names in lower case, each with every value received. */
  headers(): Readonly<Record<string, readonly string[]>>;
  /** The request's id: see {@link ExecutionContext.requestId}. */
  requestId(): string;
  /** The value of the request's cookie `name` (the first one sent), or undefined. */
  cookie(name: string): string | undefined;
  /** Every cookie of the request's `Cookie` headers, the first of each name; a null-prototype record. */
  cookies(): Readonly<Record<string, string>>;
  /** Decodes the body by `Content-Type` (JSON or urlencoded); 400, 413 or 415 on failure. */
  bind<T = unknown>(): Promise<T>;
  multipartForm(): Promise<MultipartForm>;
}

/** How consumer argument resolvers read an event message. */
export interface ConsumerRequestContext extends ContextCarrier, EventBusCarrier {
  eventName(): string;
  payload(): Uint8Array;
  /** The id the message was published with when it is a short token, otherwise a new one. */
  requestId(): string;
}

/** How WebSocket argument resolvers read a message. */
export interface WebSocketContext extends ExecutionContext {
  connId(): string;
  /** 1 for a text message, 2 for a binary one. */
  messageType(): 1 | 2;
  payload(): Uint8Array;
}

/** An immutable snapshot of the HTTP upgrade request of a WebSocket connection (Spine v0.5.1). */
export interface WebSocketRequestContext extends ContextCarrier {
  path(): string;
  header(name: string): string;
  headers(): Readonly<Record<string, readonly string[]>>;
  query(name: string): string;
  queries(): Readonly<Record<string, readonly string[]>>;
  cookie(name: string): string | undefined;
  cookies(): Readonly<Record<string, string>>;
  remoteAddr(): string;
  host(): string;
  requestURI(): string;
  /** The upgrade request's id, which every message of the connection answers too. */
  requestId(): string;
}

/** The context of the pre-handshake stage. */
export type WebSocketHandshakeContext = WebSocketRequestContext;

/** A WebSocket message together with the upgrade request it arrived on. */
export interface WebSocketMessageContext extends WebSocketContext, WebSocketRequestContext {}

/** Output of an HTTP response, stored under `RESPONSE_WRITER_KEY`. */
export interface ResponseWriter {
  /** Replaces every value of a header. Throws a `TypeError` for a name or value that could split the response. */
  setHeader(name: string, value: string): void;
  addHeader(name: string, value: string): void;
  writeStatus(code: number): void;
  /** True once a status was written. */
  isCommitted(): boolean;
}

/** The handler an execution was routed to. */
export interface HandlerMeta {
  /** The controller class; undefined before routing. */
  readonly controllerType?: abstract new (
    ...args: never[]
  ) => unknown;
  /** The handler method; undefined before routing. */
  readonly method?: { readonly name: string };
  readonly pathKeys: readonly string[];
}

/** Hooks around a handler; every hook optional, sync or async. A hook fails by returning or throwing an error. */
export interface Interceptor {
  preHandle?(ctx: ExecutionContext, meta: HandlerMeta): void | Error | Promise<void | Error>;
  postHandle?(ctx: ExecutionContext, meta: HandlerMeta): void | Promise<void>;
  beforeResponse?(
    ctx: ExecutionContext,
    meta: HandlerMeta,
    executionErr: Error | undefined,
  ): void | Error | Promise<void | Error>;
  afterCompletion?(
    ctx: ExecutionContext,
    meta: HandlerMeta,
    err: Error | undefined,
  ): void | Promise<void>;
  /**
   * WebSocket only, before the upgrade (global interceptors first, then the gateway's): an error
   * refuses the handshake with 401, or with the status of an `HttpError` whose status is 4xx.
   */
  preHandshake?(
    ctx: WebSocketHandshakeContext,
    meta: HandlerMeta,
  ): void | Error | Promise<void | Error>;
}

/** Runs after a successful handler, before `postHandle`; an error fails the execution. */
export interface PostExecutionHook {
  afterExecution(
    ctx: ExecutionContext,
    results: unknown[],
    err: Error | undefined,
  ): void | Error | Promise<void | Error>;
}

/** One failing property of a validated value, `path` as `items[2].sku`. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/** The outcome of a {@link Validator}: the value with undeclared properties dropped, or the issues. */
export type Validated<T = unknown> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/** Checks a decoded body or payload against a declared type; fwgen generates one per type. */
export type Validator<T = unknown> = (input: unknown) => Validated<T>;

/** One handler parameter as fwgen describes it. */
export interface ParameterMeta {
  readonly index: number;
  readonly name: string;
  /** A type id: `fw/query#Values`, `string`, `src/users/dto#CreateUser`, … (docs/API.md §5). */
  readonly type: string;
  /** The route key this parameter is bound to, for a path parameter. */
  readonly pathKey?: string;
  readonly optional: boolean;
  /** For a body or payload parameter of an application type: the generated validator. */
  readonly validate?: Validator;
  /** For a `Query<T>` parameter: the generated reader of the query into `T`. */
  readonly read?: QueryReader;
}

/** Fills handler parameters; bound to each parameter once, at start-up. */
export interface ArgumentResolver {
  supports(pm: ParameterMeta): boolean;
  resolve(ctx: ExecutionContext, pm: ParameterMeta): unknown;
}
