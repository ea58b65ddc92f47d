/** `fw/core`: the contexts, the pipeline's extension points and the reserved keys. */
export { controllerContext } from '../core/pipeline/controller-context.js';
export { DefaultEventBus } from '../core/pipeline/event-bus.js';
export {
  isConsumerRequestContext,
  isHttpRequestContext,
  isWebSocketContext,
  isWebSocketMessageContext,
} from '../core/pipeline/guards.js';
export { PARAMS_KEY, PATH_KEYS_KEY, RESPONSE_WRITER_KEY } from '../core/pipeline/keys.js';
export { ErrAbortPipeline } from '../core/pipeline/pipeline.js';
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
} from '../core/pipeline/types.js';
