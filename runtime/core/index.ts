/** `fw/core`: the contexts, the pipeline's extension points and the reserved keys. */
export { controllerContext } from './controller-context.js';
export { DefaultEventBus } from './event-bus.js';
export {
  isConsumerRequestContext,
  isHttpRequestContext,
  isWebSocketContext,
  isWebSocketMessageContext,
} from './guards.js';
export { PARAMS_KEY, PATH_KEYS_KEY, RESPONSE_WRITER_KEY } from './keys.js';
export { ErrAbortPipeline } from './pipeline.js';
export type {
  ArgumentResolver,
  ConsumerRequestContext,
  ContextCarrier,
  ControllerContext,
  DomainEvent,
  EventBus,
  EventBusCarrier,
  ExecutionContext,
  HandlerMeta,
  HttpRequestContext,
  Interceptor,
  MultipartForm,
  ParameterMeta,
  PostExecutionHook,
  ResponseWriter,
  UploadedFile,
  UploadedFiles,
  Validated,
  ValidationIssue,
  Validator,
  WebSocketContext,
  WebSocketHandshakeContext,
  WebSocketMessageContext,
  WebSocketRequestContext,
} from './types.js';
