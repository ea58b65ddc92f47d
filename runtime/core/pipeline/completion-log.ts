/**
 * The log record of an `afterCompletion` that failed. `afterCompletion` returns nothing and never
 * fails an execution: the response has gone out, the message is answered, so a throw or
 * a rejection there is reported here and changes nothing else.
 */
import { type Logger, log } from '../log/logger.js';
import type { ExecutionContext } from './execution-context.js';
import type { HandlerMeta, Interceptor } from './interceptor.js';

/** Which `afterCompletion` failed: the `at`-th of the route's, then the global, innermost first. */
export interface FailedCompletion {
  readonly own: readonly Interceptor[];
  readonly globals: readonly Interceptor[];
  readonly at: number;
}

/**
 * Logs, at `error`, that an interceptor's `afterCompletion` failed with `err`: its name (the
 * class's, else `route|global interceptor <index>`), the execution and the error. @internal
 */
export function logCompletionFailure(
  logger: Logger,
  ctx: ExecutionContext,
  meta: HandlerMeta,
  failed: FailedCompletion,
  err: Error,
): void {
  const { own, globals, at } = failed;
  const route = at < own.length;
  const index = route ? own.length - 1 - at : globals.length - 1 - (at - own.length);
  const interceptor = (route ? own : globals)[index];
  const name = (interceptor as { constructor?: { name?: unknown } } | undefined)?.constructor?.name;
  const fields: Record<string, unknown> = {
    interceptor:
      typeof name === 'string' && name !== '' && name !== 'Object'
        ? name
        : `${route ? 'route' : 'global'} interceptor ${index}`,
  };
  try {
    fields['method'] = ctx.method();
    fields['path'] = ctx.path();
    fields['requestId'] = ctx.requestId();
  } catch {
    // A context that cannot say what it is still gets its failure logged.
  }
  if (meta.controllerType !== undefined && meta.method !== undefined) {
    fields['handler'] = `${meta.controllerType.name}.${meta.method.name}`;
  }
  fields['err'] = err;
  log(logger, 'error', fields, 'afterCompletion failed');
}
