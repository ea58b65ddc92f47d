/**
 * The CORS interceptor (the Fetch standard's CORS protocol): a
 * preflight from an allowed origin is answered 204 at once and the pipeline stops; any other
 * request from an allowed origin is served as usual, with the headers that let the page read the
 * answer. The headers are set in `preHandle`, before the staged response's checkpoint, so an error
 * response keeps them. An origin not allowed gets no `Access-Control-*` header. Among the app's
 * global interceptors it is an origin policy: the WebSocket upgrade accepts the origins it allows
 * by list or function (not `'*'`: a browser sends its cookies with every upgrade).
 * @see https://fetch.spec.whatwg.org/#http-cors-protocol
 */

import type { ExecutionContext } from '../../core/pipeline/execution-context.js';
import type { Interceptor } from '../../core/pipeline/interceptor.js';
import { RESPONSE_WRITER_KEY } from '../../core/pipeline/keys.js';
import { ErrAbortPipeline } from '../../core/pipeline/pipeline.js';
import type { OriginPolicy } from '../../core/request/origin.js';
import type { ResponseWriter } from '../../http/staged-response.js';
import { type CorsConfig, type CorsOptions, corsConfig } from './cors-options.js';

/**
 * An origin as a browser sends it (RFC 6454 section 6.2): lower-case scheme and host (a name in
 * ASCII, or an IPv6 address in brackets) and an optional port, nothing else. Only such a value is
 * ever written back in `Access-Control-Allow-Origin`, or given to an `origins` function.
 */
const BROWSER_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/;

/** The interceptor {@link cors} returns. */
class CorsInterceptor implements Interceptor, OriginPolicy {
  readonly #config: CorsConfig;
  /** Whether `origins` is `'*'`, which does not extend to WebSocket upgrades. */
  readonly #anyOrigin: boolean;

  constructor(config: CorsConfig, anyOrigin: boolean) {
    this.#config = config;
    this.#anyOrigin = anyOrigin;
  }

  /**
   * Whether a page of `origin` may open the app's WebSockets: when this interceptor allows it by
   * its list or function. `'*'` allows none beyond the app's own (cross-site WebSocket hijacking).
   */
  allowsWebSocketOrigin(origin: string): boolean {
    return !this.#anyOrigin && this.#allows(origin);
  }

  preHandle(ctx: ExecutionContext): Error | undefined {
    const writer = ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY);
    // An event or a WebSocket message: no response to carry headers.
    if (writer === undefined) return undefined;
    const config = this.#config;
    // What this response carries depends on the request's Origin, whatever it is: a shared cache
    // must not give one origin's answer to another (Fetch, "CORS protocol and HTTP caches").
    writer.addHeader('Vary', 'Origin');
    const origin = ctx.header('origin');
    if (origin === '' || !this.#allows(origin)) return undefined;
    writer.setHeader('Access-Control-Allow-Origin', origin);
    if (config.credentials) writer.setHeader('Access-Control-Allow-Credentials', 'true');
    if (ctx.method() === 'OPTIONS' && ctx.header('access-control-request-method') !== '') {
      writer.setHeader('Access-Control-Allow-Methods', config.methods);
      const headers = allowedHeaders(ctx.header('access-control-request-headers'), config);
      if (headers !== '') writer.setHeader('Access-Control-Allow-Headers', headers);
      writer.setHeader('Access-Control-Max-Age', config.maxAge);
      writer.writeStatus(204);
      return ErrAbortPipeline;
    }
    if (config.exposeHeaders !== '') {
      writer.setHeader('Access-Control-Expose-Headers', config.exposeHeaders);
    }
    return undefined;
  }

  #allows(origin: string): boolean {
    return (origin === 'null' || BROWSER_ORIGIN.test(origin)) && this.#config.allows(origin);
  }
}

/**
 * The requested headers that are allowed, by their configured names, each once: nothing of the
 * request's text is written back.
 */
function allowedHeaders(requested: string, config: CorsConfig): string {
  if (requested === '') return '';
  const names: string[] = [];
  for (const part of requested.split(',')) {
    const name = config.allowHeaders.get(part.trim().toLowerCase());
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names.join(', ');
}

/**
 * A CORS interceptor for `createApp({ interceptors: [cors({ … }), …] })`; put it first, so that
 * a preflight is answered before any other interceptor (an auth check) refuses it. Throws
 * `FW_ERR_INVALID_OPTION` for options it cannot use, `'*'` with `credentials: true` included.
 * @example createApp({ bindings, interceptors: [cors({ origins: ['https://app.example.com'], credentials: true })] });
 * @see docs/API.md, "CORS"
 */
export function cors(options: CorsOptions): Interceptor {
  return new CorsInterceptor(corsConfig(options), options.origins === '*');
}
