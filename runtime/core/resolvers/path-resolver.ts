/**
 * Path parameters bound by name (docs/API.md section 5): a primitive parameter whose name is a
 * route key. `string` is the raw value, `number` a safe integer, `bigint` an int64 and `boolean` one of the
 * `getBoolByKey` words, all by Go's `strconv` rules; anything else is 400
 * `Invalid path parameter: <key>`.
 */
import { FwError } from '../errors.js';
import type { ExecutionContext } from '../pipeline/execution-context.js';
import { PATH_PARAM } from '../pipeline/keys.js';
import type { ArgumentResolver, ParameterMeta } from '../pipeline/resolver.js';
import { parseBool, parseInt64, parseSafeInt } from '../query/scalars.js';

/** The parameter types a path parameter converts to, each by {@link parse}. */
const PRIMITIVES: ReadonlySet<string> = new Set(['string', 'number', 'bigint', 'boolean']);

/** Fills a primitive parameter from the path parameter its name matches. */
export class PathParameterResolver implements ArgumentResolver {
  supports(pm: ParameterMeta): boolean {
    return pm.pathKey !== undefined && PRIMITIVES.has(pm.type);
  }

  resolve(ctx: ExecutionContext, pm: ParameterMeta): unknown {
    const key = pm.pathKey as string;
    const raw = pathParam(ctx, key);
    if (typeof raw !== 'string') throw new FwError('FW_ERR_PATH_PARAM_MISSING', { key });
    const value = parse(pm.type, raw);
    if (value === undefined) throw new FwError('FW_ERR_INVALID_PATH_PARAM', { key });
    return value;
  }
}

/** The path parameter `key`: through fw's own contexts' {@link PATH_PARAM}, else `params()`. */
function pathParam(ctx: ExecutionContext, key: string): string | undefined {
  const own = (ctx as Partial<Record<typeof PATH_PARAM, (key: string) => string | undefined>>)[
    PATH_PARAM
  ];
  if (own !== undefined) return own.call(ctx, key);
  const params = ctx.params();
  // Own properties only: a params object with a prototype must not answer `constructor`.
  return Object.hasOwn(params, key) ? params[key] : undefined;
}

/** `raw` parsed as `type`, one of {@link PRIMITIVES}: a switch, not a keyed lookup per request. */
function parse(type: string, raw: string): unknown {
  switch (type) {
    case 'number':
      return parseSafeInt(raw);
    case 'string':
      return raw;
    case 'bigint':
      return parseInt64(raw);
    default:
      return parseBool(raw);
  }
}
