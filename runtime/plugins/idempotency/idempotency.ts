/**
 * The `Idempotency-Key` interceptor: a client that sends the same key again gets the first answer
 * again, and the handler runs once, so a retry after a lost answer or a 503 places nothing twice.
 * A key is reserved in the store before the handler runs (one atomic step, so two instances on one
 * Redis agree); the answer is stored with it once sent; a retry while the first still runs gets
 * 409, one with another method, path or body 422. When the answer was a 503 because the broker
 * did not confirm an event in time (`FW_ERR_PUBLISH_OUTCOME_UNKNOWN`), the key stays reserved
 * until the transport learns the outcome: confirmed, the handler's own answer is stored and
 * replayed; refused, the key is freed, so that a retry runs the request again.
 * @see https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/
 */
import { createHash, randomUUID } from 'node:crypto';
import { FwError } from '../../core/errors.js';
import type { ExecutionContext } from '../../core/pipeline/execution-context.js';
import type { Interceptor } from '../../core/pipeline/interceptor.js';
import { ErrAbortPipeline } from '../../core/pipeline/pipeline.js';
import { pendingPublishes } from '../../core/pipeline/publish-outcome.js';
import { HttpExchange } from '../../http/exchange.js';
import {
  type IdempotencyConfig,
  type IdempotencyOptions,
  idempotencyConfig,
} from './idempotency-options.js';
import { type Answer, parseRecord, type StoredRecord } from './record.js';

/** The request header that carries the key. */
const KEY_HEADER = 'idempotency-key';
/** The response header that marks a replayed answer. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Where a request that reserved its key keeps its claim, in the context's store. */
const CLAIM = 'fw.idempotency.claim';
/** A key as sent: visible ASCII, no space, no quote. */
const KEY_CHARS = /^[\x21\x23-\x7e]+$/;
/** The bodies whose decoded value is part of a request's fingerprint. */
const DECODED_BODY =
  /^\s*application\/(?:[!#$%&'*.^_`|~0-9a-z-]*\+)?(?:json|x-www-form-urlencoded)\s*(?:;|$)/i;

/** What a request that holds its key carries until its answer is stored. */
interface Claim {
  readonly key: string;
  readonly fingerprint: string;
  /** Renews the reservation while the request, or its publish, is still going. */
  readonly lease: ReturnType<typeof setInterval>;
  /** The handler's answer, kept when an event's outcome was unknown. */
  handlerAnswer?: Answer | undefined;
}

/** The interceptor {@link idempotency} returns. */
class IdempotencyInterceptor implements Interceptor {
  readonly #config: IdempotencyConfig;

  constructor(config: IdempotencyConfig) {
    this.#config = config;
  }

  async preHandle(ctx: ExecutionContext): Promise<Error | undefined> {
    // An event or a WebSocket message has no response to replay.
    if (!(ctx instanceof HttpExchange)) return undefined;
    const config = this.#config;
    if (!config.methods.has(ctx.method())) return undefined;
    const sent = ctx.headers()[KEY_HEADER];
    if (sent === undefined || sent.length === 0) {
      return config.required ? new FwError('FW_ERR_IDEMPOTENCY_KEY_MISSING') : undefined;
    }
    const given = sent.length === 1 ? keyOf(sent[0] as string, config.maxKeyLength) : undefined;
    if (given === undefined) {
      return new FwError('FW_ERR_IDEMPOTENCY_KEY_INVALID', { limit: config.maxKeyLength });
    }
    const key =
      config.scope === undefined ? given : `${encodeURIComponent(config.scope(ctx))}:${given}`;
    const fingerprint = await fingerprintOf(ctx);
    const pending: StoredRecord = { state: 'pending', fingerprint, owner: randomUUID() };
    let held: string | undefined;
    try {
      held = await config.store.reserve(key, JSON.stringify(pending), config.pendingTtlMs);
    } catch (err) {
      return new FwError('FW_ERR_IDEMPOTENCY_STORE', undefined, { cause: err });
    }
    if (held === undefined) {
      const renew = () => this.#save(key, pending, config.pendingTtlMs);
      const lease = setInterval(renew, Math.floor(config.pendingTtlMs / 2));
      lease.unref();
      ctx.set(CLAIM, { key, fingerprint, lease } satisfies Claim);
      return undefined;
    }
    const record = parseRecord(held);
    if (record !== undefined && record.fingerprint !== fingerprint) {
      return new FwError('FW_ERR_IDEMPOTENCY_KEY_REUSED');
    }
    if (record?.state !== 'done' || record.answer === undefined) {
      return new FwError('FW_ERR_IDEMPOTENCY_KEY_IN_FLIGHT', undefined, {
        headers: { 'Retry-After': '1' },
      });
    }
    replay(ctx, record.answer);
    return ErrAbortPipeline;
  }

  beforeResponse(ctx: ExecutionContext, _meta: unknown, err: Error | undefined): undefined {
    // The handler's answer is still staged here; rendering the error drops it next.
    if (err === undefined || pendingPublishes(err) === undefined) return undefined;
    const claim = ctx.get<Claim>(CLAIM);
    if (claim !== undefined && ctx instanceof HttpExchange) {
      claim.handlerAnswer = answerOf(ctx, ctx.response.status(), this.#config.replayHeaders);
    }
    return undefined;
  }

  afterCompletion(ctx: ExecutionContext, _meta: unknown, err: Error | undefined): void {
    const claim = ctx.get<Claim>(CLAIM);
    if (claim === undefined || !(ctx instanceof HttpExchange)) return;
    const { key, fingerprint, lease } = claim;
    const config = this.#config;
    const sent = answerOf(ctx, ctx.sentStatus, config.replayHeaders);
    const outcome = pendingPublishes(err);
    if (outcome === undefined) {
      clearInterval(lease);
      // A server failure is not kept: the request may run again. Nor is a streamed body.
      if (sent === undefined || sent.status >= 500) this.#release(key);
      else this.#save(key, { state: 'done', fingerprint, answer: sent }, config.ttlMs);
      return;
    }
    // The lease goes on renewing the reservation until the outcome is known.
    void outcome.then((settled) => {
      clearInterval(lease);
      const answer =
        settled === 'confirmed' ? claim.handlerAnswer : settled === 'unknown' ? sent : undefined;
      if (answer === undefined) this.#release(key);
      else this.#save(key, { state: 'done', fingerprint, answer }, config.ttlMs);
    });
  }

  #save(key: string, record: StoredRecord, ttlMs: number): void {
    // A store that fails here leaves the key to expire: a retry gets 409 until then, never a
    // second run.
    this.#config.store.save(key, JSON.stringify(record), ttlMs).catch(() => {});
  }

  #release(key: string): void {
    this.#config.store.release(key).catch(() => {});
  }
}

/**
 * The key of an `Idempotency-Key` value: a Structured Field string (`"…"`, as the draft has it)
 * or the bare text (as most clients send it); undefined when it is empty, too long or has other
 * characters than visible ASCII.
 */
function keyOf(value: string, max: number): string | undefined {
  const text =
    value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  return text.length <= max && KEY_CHARS.test(text) ? text : undefined;
}

/**
 * What tells one request from another under the same key: method, path, query and the decoded
 * body (JSON or a form), or the body's type and length for any other body, which is never read
 * here.
 */
async function fingerprintOf(ex: HttpExchange): Promise<string> {
  const type = ex.header('content-type');
  let body: string;
  if (DECODED_BODY.test(type)) {
    try {
      body = JSON.stringify(await ex.bind()) ?? '';
    } catch (err) {
      // The handler answers this body's 400 or 413 itself; the failure names the body here.
      body = `unreadable: ${err instanceof Error ? err.message : String(err)}`;
    }
  } else body = `${type} ${ex.header('content-length')}`;
  const request = JSON.stringify([ex.method(), ex.path(), ex.queries(), body]);
  return createHash('sha256').update(request).digest('base64url');
}

/** The answer as sent, with the headers that are replayed; undefined for a stream body. */
function answerOf(ex: HttpExchange, status: number, names: readonly string[]): Answer | undefined {
  const response = ex.response;
  const body = response.body;
  if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array))
    return undefined;
  const headers: [string, string][] = [];
  for (const name of names) {
    const value = response.getHeader(name);
    if (value !== undefined) headers.push([name, value]);
  }
  if (body instanceof Uint8Array) {
    return { status, headers, body: Buffer.from(body).toString('base64'), base64: true };
  }
  return { status, headers, body: body ?? '' };
}

/** Stages a stored answer in place of running the handler. */
function replay(ex: HttpExchange, answer: Answer): void {
  const response = ex.response;
  response.writeStatus(answer.status);
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  response.setHeader(REPLAYED_HEADER, 'true');
  response.body = answer.base64 === true ? Buffer.from(answer.body, 'base64') : answer.body;
}

/**
 * An `Idempotency-Key` interceptor for `createApp({ interceptors: [idempotency(), …] })`: put it
 * after the interceptors that refuse a request (authentication, rate limits), so that a refused
 * request takes no key. A request of `methods` without the header runs as usual (or gets 400 with
 * `required: true`). Throws `FW_ERR_INVALID_OPTION` for options it cannot use.
 * @example createApp({ bindings, transport, interceptors: [idempotency({ store: redisIdempotencyStore({ client }) })] });
 * @see docs/API.md, "Idempotent retries"
 */
export function idempotency(options: IdempotencyOptions = {}): Interceptor {
  return new IdempotencyInterceptor(idempotencyConfig(options));
}
