/**
 * The body of an HTTP request, or the JSON payload of an event or WebSocket message, for a
 * parameter of an application type, checked by the validator fwgen generated for that type. A
 * context with `bind()` (an HTTP request's) gives its decoded body; any other its `payload()`.
 */

import { FwError } from '../errors.js';
import { parseJsonOr } from '../json.js';
import type { ExecutionContext } from '../pipeline/execution-context.js';
import type { ArgumentResolver, ParameterMeta } from '../pipeline/resolver.js';
import type { ValidationIssue, Validator } from '../validate/validator.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** What the resolver reads: an HTTP request's decoded body, or a message's payload. */
interface BodyCarrier {
  bind(): Promise<unknown>;
  payload(): Uint8Array;
}

/** Fills a parameter that has a validator: the decoded body or payload, validated. */
export class BodyResolver implements ArgumentResolver {
  supports(pm: ParameterMeta): boolean {
    return typeof pm.validate === 'function';
  }

  resolve(ctx: ExecutionContext, pm: ParameterMeta): unknown {
    const validate = pm.validate as Validator;
    const request = ctx as Partial<BodyCarrier>;
    if (typeof request.bind === 'function') {
      return request.bind().then(
        (body) => check(validate, body, 'FW_ERR_BODY_INVALID'),
        (err: unknown) => {
          if (pm.optional && err instanceof FwError && err.code === 'FW_ERR_BODY_REQUIRED') {
            return undefined;
          }
          throw err;
        },
      );
    }
    const payload = request.payload?.();
    if (payload === undefined || payload.byteLength === 0) {
      if (pm.optional) return undefined;
      throw new FwError('FW_ERR_PAYLOAD_MALFORMED', { reason: 'the payload is empty' });
    }
    let text: string;
    try {
      text = decoder.decode(payload);
    } catch {
      throw new FwError('FW_ERR_PAYLOAD_MALFORMED', { reason: 'the payload is not UTF-8' });
    }
    return check(validate, parseJsonOr(text, malformedPayload), 'FW_ERR_PAYLOAD_INVALID');
  }
}

function malformedPayload(reason: string): never {
  throw new FwError('FW_ERR_PAYLOAD_MALFORMED', { reason });
}

function check(
  validate: Validator,
  value: unknown,
  code: 'FW_ERR_BODY_INVALID' | 'FW_ERR_PAYLOAD_INVALID',
): unknown {
  const outcome = validate(value);
  if (outcome.ok) return outcome.value;
  const issues = outcome.issues.slice(0, MAX_ISSUES);
  const errors = issues.map(({ path, message }) => ({ path, message }));
  throw new FwError(code, { issues: describe(outcome.issues) }, { extensions: { errors } });
}

/** The most issues a problem lists; a body can hold many more (one per item of a long array). */
export const MAX_ISSUES = 100;

/** `qty: expected a number; items[2].sku: is required`, the first {@link MAX_ISSUES} of them. */
export function describe(issues: readonly ValidationIssue[]): string {
  const text = issues
    .slice(0, MAX_ISSUES)
    .map((i) => (i.path === '' ? i.message : `${i.path}: ${i.message}`))
    .join('; ');
  const more = issues.length - MAX_ISSUES;
  return more > 0 ? `${text}; and ${more} more` : text;
}
