/**
 * Resolvers for the framework's own parameter types that every protocol has: the controller
 * context, the request `Context` (carrying the event bus for `publishEvents`) and the event bus;
 * and the base of the protocol contexts' resolvers, which each input declares beside its context.
 */

import { withValue } from '../context/context.js';
import { FwError } from '../errors.js';
import { controllerContext } from '../pipeline/controller-context.js';
import type { ExecutionContext } from '../pipeline/execution-context.js';
import { PUBLISHER_KEY } from '../pipeline/publish.js';
import type { ArgumentResolver, ParameterMeta } from '../pipeline/resolver.js';

/** @internal A resolver for exactly one type id. */
export abstract class TypeResolver implements ArgumentResolver {
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

/** @internal A protocol context type: the execution context itself, when it is of that protocol. */
export abstract class ProtocolContextResolver extends TypeResolver {
  protected abstract readonly accepts: (ctx: ExecutionContext) => boolean;
  protected abstract readonly refusal: NotThatContext;
  resolve(ctx: ExecutionContext): unknown {
    if (!this.accepts(ctx)) throw new FwError(this.refusal);
    return ctx;
  }
}
