/**
 * A publish whose outcome nobody knows yet: the broker did not confirm the event in time, but the
 * message may be on its way (a link that froze delivers it once it comes back). The request that
 * published it answers 503 with `Retry-After` and `FW_ERR_PUBLISH_OUTCOME_UNKNOWN` instead of a 500,
 * and the error carries the outcome still to come, which `fw/idempotency` waits for before it lets
 * a retry with the same key run again.
 */
import { findError } from '../error-chain.js';
import { FwError } from '../errors.js';

/**
 * How a publish ended once it settled: `confirmed`, the broker has the message; `failed`, it
 * never will (refused, or never sent); `unknown`, the connection ended before the broker said.
 */
export type PublishSettlement = 'confirmed' | 'failed' | 'unknown';

/**
 * The broker did not confirm an event within the transport's `publishTimeoutMs`. `settled`
 * resolves (never rejects) once the transport knows more.
 */
export class PublishOutcomeUnknownError extends FwError<'FW_ERR_PUBLISH_OUTCOME_UNKNOWN'> {
  /** The outcome, once the broker answers or the connection ends. */
  readonly settled: Promise<PublishSettlement>;

  constructor(
    event: string,
    timeoutMs: number,
    settled: Promise<PublishSettlement>,
    cause?: Error,
  ) {
    // A client should wait about as long as one publish may take before it asks again.
    const retryAfter = String(Math.max(1, Math.ceil(timeoutMs / 1000)));
    super(
      'FW_ERR_PUBLISH_OUTCOME_UNKNOWN',
      { event, ms: timeoutMs },
      { headers: { 'Retry-After': retryAfter }, ...(cause === undefined ? {} : { cause }) },
    );
    this.settled = settled;
  }
}

/**
 * The outcome still to come of every publish in the chain of `err` that timed out, joined: `failed`
 * if any failed, else `unknown` if any is unknown, else `confirmed`; undefined when `err` holds no
 * {@link PublishOutcomeUnknownError}.
 */
export function pendingPublishes(err: unknown): Promise<PublishSettlement> | undefined {
  const found: Promise<PublishSettlement>[] = [];
  findError(err, (e) => {
    if (e instanceof PublishOutcomeUnknownError) found.push(e.settled);
    return false;
  });
  if (found.length === 0) return undefined;
  return Promise.all(found).then((all) =>
    all.includes('failed') ? 'failed' : all.includes('unknown') ? 'unknown' : 'confirmed',
  );
}
