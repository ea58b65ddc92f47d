/** `fw`: create an app, declare controllers, answer with errors and replies. */

export {
  BINDINGS_VERSION,
  type Bindings,
  type Class,
  type ControllerBinding,
  defineController,
  type HandlerBinding,
  type InterceptorClass,
} from './app/bindings.js';
export type { App } from './app/create-app.js';
export { createApp } from './app/create-app.js';
export type { AppOptions, Logger } from './app/options.js';
export {
  Controller,
  Delete,
  EventConsumer,
  Get,
  Head,
  type InertDecorator,
  OnEvent,
  OnMessage,
  Options,
  Patch,
  Post,
  Put,
  UseInterceptors,
  WebSocketGateway,
} from './decorators.js';
export { ERRORS, FwError, type FwErrorCode, HttpError, type Problem } from './errors.js';
export { InMemoryTransport, inMemoryTransport } from './events/in-memory-transport.js';
export {
  type Delivery,
  type DeliveryHandler,
  isUnprocessable,
  type Transport,
} from './events/transport.js';
export type { MultipartLimits } from './http/body-limits.js';
export type { InjectRequest, InjectResponse } from './http/inject.js';
export { Reply, redirect, reply } from './http/reply.js';
export { SENDER_KEY, sendMessage, type WebSocketSender } from './ws/sender.js';
