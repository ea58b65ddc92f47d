/**
 * The options of `idempotency()`, their defaults and their checks: a mistake fails
 * `idempotency()` itself with `FW_ERR_INVALID_OPTION` naming `idempotency.<option>`.
 */

import { optionChecks, shown } from '../../core/options.js';
import type { ExecutionContext } from '../../core/pipeline/execution-context.js';
import { type IdempotencyStore, memoryIdempotencyStore } from './store.js';

/** What `idempotency()` takes. */
export interface IdempotencyOptions {
  /** Where keys and answers are kept. @default memoryIdempotencyStore() */
  readonly store?: IdempotencyStore;
  /**
   * Whether a request of `methods` without `Idempotency-Key` is refused with 400
   * (`FW_ERR_IDEMPOTENCY_KEY_MISSING`) instead of running as usual.
   * @default false
   */
  readonly required?: boolean;
  /** The methods whose requests use the key; any other request runs as usual. @default ['POST', 'PATCH'] */
  readonly methods?: readonly string[];
  /** The longest key taken, in characters; a longer one is refused with 400. @default 255 */
  readonly maxKeyLength?: number;
  /** How long a finished answer is replayed for its key, in milliseconds. @default 86_400_000 (24 h) */
  readonly ttlMs?: number;
  /**
   * How long a key stays reserved for a request still running (or whose event's outcome is still
   * unknown) without word from its instance: the instance renews it every half of this while it
   * waits, so only a key whose instance died is freed after it.
   * @default 60_000
   */
  readonly pendingTtlMs?: number;
  /**
   * The response headers stored with an answer and sent again with its replays (besides the
   * status and the body).
   * @default ['Content-Type', 'Location', 'ETag', 'Last-Modified', 'Cache-Control', 'Retry-After']
   */
  readonly replayHeaders?: readonly string[];
  /**
   * Whose key it is: a key is looked up under `scope(ctx)` too, so two clients (two accounts) that
   * pick the same key never see each other's answer. Read the caller from what an earlier
   * interceptor (authentication) stored in the context.
   * @default every key in one scope
   */
  readonly scope?: (ctx: ExecutionContext) => string;
}

/** The options checked, with their defaults. */
export interface IdempotencyConfig {
  readonly store: IdempotencyStore;
  readonly required: boolean;
  readonly methods: ReadonlySet<string>;
  readonly maxKeyLength: number;
  readonly ttlMs: number;
  readonly pendingTtlMs: number;
  readonly replayHeaders: readonly string[];
  readonly scope: ((ctx: ExecutionContext) => string) | undefined;
}

const KEYS = [
  'store',
  'required',
  'methods',
  'maxKeyLength',
  'ttlMs',
  'pendingTtlMs',
  'replayHeaders',
  'scope',
];
const DEFAULT_REPLAY_HEADERS = [
  'Content-Type',
  'Location',
  'ETag',
  'Last-Modified',
  'Cache-Control',
  'Retry-After',
];
/** An RFC 9110 token: a method or a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const MAX_TTL = 2 ** 31 - 1;

/** Checks `options`, throwing `FW_ERR_INVALID_OPTION` for the first thing wrong. */
export function idempotencyConfig(options: IdempotencyOptions): IdempotencyConfig {
  const check = optionChecks('idempotency');
  check.record('options', options, 'an object', KEYS);
  const store = options.store ?? memoryIdempotencyStore();
  for (const method of ['reserve', 'save', 'release'] as const) {
    if (typeof store?.[method] !== 'function') {
      check.invalid('store', 'an IdempotencyStore (reserve, save, release)', shown(store));
    }
  }
  const required = options.required ?? false;
  if (typeof required !== 'boolean') check.invalid('required', 'true or false', shown(required));
  const methods = tokens(check, 'methods', options.methods ?? ['POST', 'PATCH']);
  const replayHeaders = tokens(
    check,
    'replayHeaders',
    options.replayHeaders ?? DEFAULT_REPLAY_HEADERS,
  );
  const scope = options.scope;
  if (scope !== undefined && typeof scope !== 'function') {
    check.invalid('scope', 'a function of the context', shown(scope));
  }
  return {
    store,
    required,
    methods: new Set(methods.map((m) => m.toUpperCase())),
    maxKeyLength: check.integer('maxKeyLength', options.maxKeyLength ?? 255, 1, 1024),
    ttlMs: check.integer('ttlMs', options.ttlMs ?? 86_400_000, 1000, MAX_TTL),
    pendingTtlMs: check.integer('pendingTtlMs', options.pendingTtlMs ?? 60_000, 1000, MAX_TTL),
    replayHeaders,
    scope,
  };
}

function tokens(
  check: ReturnType<typeof optionChecks>,
  option: string,
  value: unknown,
): readonly string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && TOKEN.test(v))) {
    check.invalid(option, 'an array of header field tokens', shown(value));
  }
  return [...(value as string[])];
}
