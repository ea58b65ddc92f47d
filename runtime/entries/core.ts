/** `fw/core`: the contexts, the pipeline's extension points and the reserved keys. */
export {
  type ControllerContext,
  controllerContext,
} from '../core/pipeline/controller-context.js';
export { DefaultEventBus, type DomainEvent, type EventBus } from '../core/pipeline/event-bus.js';
export type {
  ContextCarrier,
  EventBusCarrier,
  ExecutionContext,
} from '../core/pipeline/execution-context.js';
export type { HandlerMeta, Interceptor, PostExecutionHook } from '../core/pipeline/interceptor.js';
export { PARAMS_KEY, PATH_KEYS_KEY, RESPONSE_WRITER_KEY } from '../core/pipeline/keys.js';
export { ErrAbortPipeline } from '../core/pipeline/pipeline.js';
export type { ArgumentResolver, ParameterMeta } from '../core/pipeline/resolver.js';
export type {
  WebSocketHandshakeContext,
  WebSocketRequestContext,
} from '../core/request/ws-request-snapshot.js';
export type { Validated, ValidationIssue, Validator } from '../core/validate/validator.js';
export {
  type ConsumerRequestContext,
  isConsumerRequestContext,
} from '../events/event-context.js';
export { type HttpRequestContext, isHttpRequestContext } from '../http/http-context.js';
export type { MultipartForm, UploadedFile, UploadedFiles } from '../http/multipart.js';
export type {
  MultipartField,
  MultipartFile,
  MultipartPart,
  MultipartParts,
  SavedFile,
} from '../http/multipart-parts.js';
export type { ResponseWriter } from '../http/staged-response.js';
export {
  isWebSocketContext,
  isWebSocketMessageContext,
  type WebSocketContext,
  type WebSocketMessageContext,
} from '../ws/ws-context.js';
