/**
 * Resolvers for the framework's own parameter types: the controller context, the request `Context`
 * (carrying the event bus for `publishEvents`), the event bus and the protocol contexts.
 */
import { withValue } from '../../context/context.js';
import { FwError } from '../../errors.js';
import { PUBLISHER_KEY } from '../../events/publish.js';
import { controllerContext } from '../controller-context.js';
import {
  isConsumerRequestContext,
  isHttpRequestContext,
  isWebSocketContext,
  isWebSocketMessageContext,
} from '../guards.js';
import type { ArgumentResolver, ExecutionContext, ParameterMeta } from '../types.js';

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

/** `HttpRequestContext`: the execution context itself, when it is an HTTP request's. */
export class HttpRequestContextResolver extends TypeResolver {
  readonly type = 'fw/core#HttpRequestContext';
  resolve(ctx: ExecutionContext): unknown {
    if (!isHttpRequestContext(ctx)) throw new FwError('FW_ERR_NOT_HTTP_CONTEXT');
    return ctx;
  }
}

/** `ConsumerRequestContext`: the execution context itself, when it is an event message's. */
export class ConsumerRequestContextResolver extends TypeResolver {
  readonly type = 'fw/core#ConsumerRequestContext';
  resolve(ctx: ExecutionContext): unknown {
    if (!isConsumerRequestContext(ctx)) throw new FwError('FW_ERR_NOT_CONSUMER_CONTEXT');
    return ctx;
  }
}

/** `WebSocketContext`: the execution context itself, when it is a WebSocket message's. */
export class WebSocketContextResolver extends TypeResolver {
  readonly type = 'fw/core#WebSocketContext';
  resolve(ctx: ExecutionContext): unknown {
    if (!isWebSocketContext(ctx)) throw new FwError('FW_ERR_NOT_WEBSOCKET_CONTEXT');
    return ctx;
  }
}

/** `WebSocketMessageContext`: as `WebSocketContext`, with the upgrade-request snapshot. */
export class WebSocketMessageContextResolver extends TypeResolver {
  readonly type = 'fw/core#WebSocketMessageContext';
  resolve(ctx: ExecutionContext): unknown {
    if (!isWebSocketMessageContext(ctx)) throw new FwError('FW_ERR_NOT_WEBSOCKET_CONTEXT');
    return ctx;
  }
}
