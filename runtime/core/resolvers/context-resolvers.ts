/**
 * Resolvers for the framework's own parameter types: the controller context, the request `Context`
 * (carrying the event bus for `publishEvents`), the event bus and the protocol contexts.
 */
import { withValue } from '../context/context.js';
import { FwError } from '../errors.js';
import { controllerContext } from '../pipeline/controller-context.js';
import {
  isConsumerRequestContext,
  isHttpRequestContext,
  isWebSocketContext,
  isWebSocketMessageContext,
} from '../pipeline/guards.js';
import { PUBLISHER_KEY } from '../pipeline/publish.js';
import type { ArgumentResolver, ExecutionContext, ParameterMeta } from '../pipeline/types.js';

/** A resolver for exactly one type id. */
abstract class TypeResolver implements ArgumentResolver {
  abstract readonly type: string;
  supports(pm: ParameterMeta): boolean {
    return pm.type === this.type;
  }
  abstract resolve(ctx: ExecutionContext, pm: ParameterMeta): unknown;
}

/** `ControllerContext`: the read-only view of the execution context. */
export class ControllerContextResolver extends TypeResolver {
  readonly type = 'fw/core#ControllerContext';
  resolve(ctx: ExecutionContext): unknown {
    return controllerContext(ctx);
  }
}

/** `Context`: the request context with the request's event bus under `PUBLISHER_KEY`. */
export class ContextResolver extends TypeResolver {
  readonly type = 'fw/context#Context';
  resolve(ctx: ExecutionContext): unknown {
    return withValue(ctx.context(), PUBLISHER_KEY, ctx.eventBus());
  }
}

/** `EventBus`: the request's event bus. */
export class EventBusResolver extends TypeResolver {
  readonly type = 'fw/core#EventBus';
  resolve(ctx: ExecutionContext): unknown {
    return ctx.eventBus();
  }
}

type NotThatContext =
  | 'FW_ERR_NOT_HTTP_CONTEXT'
  | 'FW_ERR_NOT_CONSUMER_CONTEXT'
  | 'FW_ERR_NOT_WEBSOCKET_CONTEXT';

/** A protocol context type: the execution context itself, when it is of that protocol. */
abstract class ProtocolContextResolver extends TypeResolver {
  protected abstract readonly accepts: (ctx: ExecutionContext) => boolean;
  protected abstract readonly refusal: NotThatContext;
  resolve(ctx: ExecutionContext): unknown {
    if (!this.accepts(ctx)) throw new FwError(this.refusal);
    return ctx;
  }
}

/** `HttpRequestContext`, for an HTTP request. */
export class HttpRequestContextResolver extends ProtocolContextResolver {
  readonly type = 'fw/core#HttpRequestContext';
  protected readonly accepts = isHttpRequestContext;
  protected readonly refusal = 'FW_ERR_NOT_HTTP_CONTEXT';
}

/** `ConsumerRequestContext`, for an event message. */
export class ConsumerRequestContextResolver extends ProtocolContextResolver {
  readonly type = 'fw/core#ConsumerRequestContext';
  protected readonly accepts = isConsumerRequestContext;
  protected readonly refusal = 'FW_ERR_NOT_CONSUMER_CONTEXT';
}

/** `WebSocketContext`, for a WebSocket message. */
export class WebSocketContextResolver extends ProtocolContextResolver {
  readonly type = 'fw/core#WebSocketContext';
  protected readonly accepts = isWebSocketContext;
  protected readonly refusal = 'FW_ERR_NOT_WEBSOCKET_CONTEXT';
}

/** `WebSocketMessageContext`: as `WebSocketContext`, with the upgrade-request snapshot. */
export class WebSocketMessageContextResolver extends ProtocolContextResolver {
  readonly type = 'fw/core#WebSocketMessageContext';
  protected readonly accepts = isWebSocketMessageContext;
  protected readonly refusal = 'FW_ERR_NOT_WEBSOCKET_CONTEXT';
}
