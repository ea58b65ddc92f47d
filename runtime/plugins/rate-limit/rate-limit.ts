/**
 * The rate limit interceptor: counts each key's requests in fixed windows of `windowMs` and refuses
 * those over `limit` with 429 `FW_ERR_RATE_LIMITED` and `Retry-After`. Every HTTP answer it let
 * through or refused carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * (seconds), set in `preHandle`, before the staged response's checkpoint, so an error response
 * keeps them. A WebSocket upgrade is counted as a request (refused: 429 before the upgrade), and
 * each message of a connection against the connection's own count (over it: the connection closes
 * with 1008). Events are not counted.
 * @see https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/
 */
import { FwError } from '../../core/errors.js';
import { log } from '../../core/log/logger.js';
import type { ExecutionContext } from '../../core/pipeline/execution-context.js';
import type { HandlerMeta, Interceptor } from '../../core/pipeline/interceptor.js';
import type { WebSocketHandshakeContext } from '../../core/request/ws-request-snapshot.js';
import { HttpExchange } from '../../http/exchange.js';
import type { StagedResponse } from '../../http/staged-response.js';
import { isWebSocketMessageContext } from '../../ws/ws-context.js';
import {
  type RateLimitConfig,
  type RateLimitContext,
  type RateLimitOptions,
  rateLimitConfig,
} from './rate-limit-options.js';
import type { RateLimitHit } from './store.js';

type Verdict = Error | undefined;

/**
 * The rate limit interceptor. `rateLimit(options)` makes one for `createApp({ interceptors })`; a
 * subclass that passes its options to `super` is one for `@UseInterceptors` on a controller or a
 * route (fw creates it from the graph).
 * @example
 * @Injectable()
 * class SignInLimit extends RateLimit {
 *   constructor() { super({ limit: 5, windowMs: 60_000 }); }
 * }
 */
export class RateLimit implements Interceptor {
  readonly #config: RateLimitConfig;
  /** When the store began to fail, while it still does; undefined while it answers. */
  #downSince: number | undefined;

  constructor(options: RateLimitOptions) {
    this.#config = rateLimitConfig(options);
  }

  preHandle(ctx: ExecutionContext, _meta?: HandlerMeta): Verdict | Promise<Verdict> {
    if (ctx instanceof HttpExchange) {
      return this.#count(this.#keyOf(ctx, ctx.clientAddress()), ctx.response);
    }
    // Each connection's messages count apart, whoever opened it: its upgrade was counted.
    if (isWebSocketMessageContext(ctx)) return this.#count(`ws:${ctx.connId()}`, undefined);
    return undefined;
  }

  preHandshake(ctx: WebSocketHandshakeContext, _meta?: HandlerMeta): Verdict | Promise<Verdict> {
    return this.#count(this.#keyOf(ctx, ctx.clientAddress()), undefined);
  }

  #keyOf(ctx: RateLimitContext, address: string): string {
    const chosen = this.#config.key?.(ctx);
    return chosen === undefined || chosen === '' ? `ip:${address}` : `key:${chosen}`;
  }

  #count(key: string, writer: StagedResponse | undefined): Verdict | Promise<Verdict> {
    const config = this.#config;
    let hit: RateLimitHit | Promise<RateLimitHit>;
    try {
      hit = config.store.hit(key, config.windowMs);
    } catch (err) {
      return this.#failed(err);
    }
    if (hit instanceof Promise) return this.#awaited(hit, writer);
    return this.#verdict(hit, writer);
  }

  async #awaited(pending: Promise<RateLimitHit>, writer: StagedResponse | undefined) {
    const ms = this.#config.storeTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(reject, ms, new Error(`the rate limit store did not answer in ${ms} ms`));
    });
    // A store that answers after the timeout must not reject unheard.
    pending.catch(() => {});
    let hit: RateLimitHit;
    try {
      hit = await Promise.race([pending, late]);
    } catch (err) {
      return this.#failed(err);
    } finally {
      clearTimeout(timer);
    }
    return this.#verdict(hit, writer);
  }

  #verdict(hit: RateLimitHit, writer: StagedResponse | undefined): Verdict {
    if (this.#downSince !== undefined) this.#recovered();
    const config = this.#config;
    const reset = String(Math.ceil(hit.resetMs / 1000));
    const remaining = String(Math.max(0, config.limit - hit.count));
    if (writer !== undefined) {
      writer.setHeader('RateLimit-Limit', config.limitText);
      writer.setHeader('RateLimit-Remaining', remaining);
      writer.setHeader('RateLimit-Reset', reset);
    }
    if (hit.count <= config.limit) return undefined;
    const headers: Record<string, string> = { 'Retry-After': reset };
    if (writer === undefined) {
      // An upgrade's refusal is written apart from any staged response.
      headers['RateLimit-Limit'] = config.limitText;
      headers['RateLimit-Remaining'] = remaining;
      headers['RateLimit-Reset'] = reset;
    }
    const params = { limit: config.limit, window: config.windowText, retryAfter: Number(reset) };
    return new FwError('FW_ERR_RATE_LIMITED', params, { headers });
  }

  /** The store failed or did not answer: the documented choice, and one log line per outage. */
  #failed(err: unknown): Verdict {
    const config = this.#config;
    if (this.#downSince === undefined) {
      this.#downSince = Date.now();
      const onStoreError = config.refuse ? 'refuse' : 'allow';
      const fields = { err, onStoreError };
      log(
        config.logger,
        'warn',
        fields,
        'rate limit store failed; until it answers, requests are ' +
          (config.refuse ? 'refused' : 'not limited'),
      );
    }
    if (!config.refuse) return undefined;
    return new FwError('FW_ERR_RATE_LIMIT_STORE', undefined, {
      cause: err,
      headers: { 'Retry-After': '1' },
    });
  }

  #recovered(): void {
    const downMs = Date.now() - (this.#downSince as number);
    this.#downSince = undefined;
    log(this.#config.logger, 'info', { downMs }, 'rate limit store answers again');
  }
}

/**
 * A rate limit interceptor for `createApp({ interceptors: [rateLimit({ … }), …] })`: put it early,
 * before the interceptors that do work for a request (and before `idempotency()`). Throws
 * `FW_ERR_INVALID_OPTION` for options it cannot use.
 * @example createApp({ bindings, interceptors: [rateLimit({ limit: 100, windowMs: 60_000 })] });
 * @see docs/API.md, "Rate limits"
 */
export function rateLimit(options: RateLimitOptions): RateLimit {
  return new RateLimit(options);
}
