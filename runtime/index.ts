/** `fw`: create an app, declare controllers, answer with errors and replies. */

export {
  BINDINGS_VERSION,
  type Bindings,
  type Class,
  type ControllerBinding,
  defineController,
  type Graph,
  type GraphBuilder,
  type GraphKey,
  type HandlerBinding,
  type InstanceOf,
  type InterceptorClass,
  type ParameterBinding,
  type Register,
} from './app/bindings.js';
export type { App } from './app/create-app.js';
export { createApp } from './app/create-app.js';
export {
  Controller,
  Delete,
  EventConsumer,
  type EventConsumerOptions,
  Get,
  Head,
  type InertDecorator,
  Injectable,
  OnEvent,
  OnMessage,
  Options,
  Patch,
  Post,
  Put,
  UseInterceptors,
  WebSocketGateway,
} from './app/decorators.js';
export { type Override, override, provider } from './app/di.js';
export type { AnswerOf, At, Compared, Fresh } from './app/fresh.js';
export type { HealthOptions, Readiness } from './app/health.js';
export type { AppOptions } from './app/options.js';
export {
  ERRORS,
  FwError,
  type FwErrorCode,
  HttpError,
  type HttpErrorOptions,
  type Problem,
  type ProblemIssue,
} from './core/errors.js';
export { type JsonLoggerOptions, jsonLogger } from './core/log/json-logger.js';
export type { LogFields, Logger, LogLevel } from './core/log/logger.js';
export {
  InMemoryTransport,
  type InMemoryTransportOptions,
  inMemoryTransport,
} from './events/in-memory-transport.js';
export type { RetryOptions } from './events/retry-policy.js';
export {
  type Delivery,
  type DeliveryHandler,
  type EventDelivery,
  type EventMetadata,
  isUnprocessable,
  type Subscription,
  type Transport,
  type TransportStartOptions,
} from './events/transport.js';
export type { MultipartLimits } from './http/body-limits.js';
export type { InjectRequest, InjectResponse } from './http/inject.js';
export { Reply, redirect, reply } from './http/reply.js';
export { type Cookie, type CookieOptions, clearCookie, setCookie } from './http/set-cookie.js';
export {
  type SseEvent,
  type SseItem,
  type SseOptions,
  SseStream,
  sse,
} from './http/sse.js';
export { isStreamBody, type StreamBody } from './http/stream-body.js';
export type { CompressionOptions, Encoding } from './plugins/compression/compression.js';
export type { DocsDocument, DocsOptions } from './plugins/docs-page/docs-options.js';
export type { StaticOptions } from './plugins/static/static-options.js';
export type { TelemetryOptions } from './plugins/telemetry/options.js';
export { CONNECTION_KEY, connectionSignal } from './ws/connection-signal.js';
export { SENDER_KEY, sendMessage, type WebSocketSender } from './ws/sender.js';
