/**
 * The health probes of `createApp({ health: { path } })`: `GET {path}/live` answers 200 while the
 * process serves, `GET {path}/ready` 200 when the app is ready and 503 when it is not, each as
 * JSON. They answer before anything else — the request limits, the shutdown refusal and the app's
 * interceptors — so that neither an auth interceptor nor a server that is closing keeps a probe
 * from its answer. Methods other than GET and HEAD answer 405.
 */
import { FwError } from '../core/errors.js';
import type { Logger } from '../core/log/logger.js';
import { appChecks, isRecord, shown } from '../core/options.js';
import type { HttpExchange } from '../http/exchange.js';
import { stageError } from '../http/render.js';
import { logExchangeFailure } from '../http/request-log.js';
import type { CompiledRoute } from './compile.js';

/** What the `health` option of `createApp` takes. */
export interface HealthOptions {
  /** Where the probes are: `{path}/live` and `{path}/ready`, e.g. `/health`. */
  readonly path: string;
}

/** The checks `{path}/ready` reports; ready when started, transport up and not closing. */
export interface Readiness {
  /** Start-up is done: the transport started, the consumers subscribed. */
  readonly started: boolean;
  /** The transport reaches its broker now. */
  readonly transport: boolean;
  /** `close()` has begun. */
  readonly closing: boolean;
}

/** The two paths of the probes. @internal */
export interface HealthPaths {
  readonly live: string;
  readonly ready: string;
}

const PATH = /^(\/[A-Za-z0-9._~-]+)+$/;

/** The probe paths for `option`; undefined when it is absent. Throws for a path that is none. @internal */
export function healthPaths(option: unknown): HealthPaths | undefined {
  if (option === undefined) return undefined;
  const path = (option as { path?: unknown } | null)?.path;
  if (typeof path !== 'string' || !(path === '/' || PATH.test(path))) {
    appChecks.invalid(
      'health',
      "{ path } with a path such as '/health' (segments of letters, digits and . _ ~ -, " +
        "no trailing '/')",
      shown(isRecord(option) ? path : option),
    );
  }
  const base = path === '/' ? '' : path;
  return Object.freeze({ live: `${base}/live`, ready: `${base}/ready` });
}

/**
 * Throws `FW_ERR_DUPLICATE_ROUTE` when an HTTP route or a WebSocket gateway of the app is declared
 * on a probe's path. A route whose pattern merely matches it (`/health/:check`) is shadowed by the
 * probe for that path, as documented. @internal
 */
export function checkHealthPaths(routes: readonly CompiledRoute[], paths: HealthPaths): void {
  for (const r of routes) {
    if (r.method === 'EVENT' || (r.path !== paths.live && r.path !== paths.ready)) continue;
    throw new FwError('FW_ERR_DUPLICATE_ROUTE', {
      method: r.method === 'WS' ? 'GET' : r.method,
      path: r.path,
      first: r.label,
      second: 'createApp({ health }) (change health.path)',
    });
  }
}

const LIVE = JSON.stringify({ status: 'ok' });
const ALLOW = 'GET, HEAD';

/**
 * A probe for the server and `inject()`: answers `ex` and returns true when it asks for one of
 * `paths`, returns false for any other request. @internal
 */
export function healthProbe(
  paths: HealthPaths,
  readiness: () => Readiness,
  logger: Logger,
): (ex: HttpExchange) => boolean {
  return (ex) => {
    const path = ex.path();
    const live = path === paths.live;
    if (!live && path !== paths.ready) return false;
    const method = ex.method();
    if (method !== 'GET' && method !== 'HEAD') {
      const headers = { Allow: ALLOW };
      const err = new FwError(
        'FW_ERR_METHOD_NOT_ALLOWED',
        { method, path, allowed: ALLOW },
        { headers },
      );
      stageError(ex.response, err);
      ex.send();
      logExchangeFailure(logger, ex, err);
      return true;
    }
    if (live) answer(ex, 200, LIVE);
    else {
      const checks = readiness();
      const ready = checks.started && checks.transport && !checks.closing;
      const body = JSON.stringify({ status: ready ? 'ready' : 'not ready', checks });
      answer(ex, ready ? 200 : 503, body);
    }
    return true;
  };
}

function answer(ex: HttpExchange, status: number, body: string): void {
  const res = ex.response;
  res.writeStatus(status);
  res.setDefault('content-type', 'Content-Type', 'application/json; charset=utf-8');
  res.setDefault('cache-control', 'Cache-Control', 'no-store');
  res.body = body;
  ex.send();
}
