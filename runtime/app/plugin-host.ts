/**
 * What the app's plug-ins join (`plugins/plugin.ts`): it holds the HTTP router and the routes they
 * check against, and collects the probes, the response encoder and the added headers they give,
 * which the server and `inject()` then use.
 */
import type { Logger } from '../core/log/logger.js';
import type { Route } from '../core/pipeline/pipeline.js';
import type { FindMyWayRouter } from '../core/router/find-my-way-router.js';
import type { AddedHeaders } from '../http/added-headers.js';
import type { Probe, ResponseEncoder } from '../http/exchange.js';
import type { AppRoute, PluginHost } from '../plugins/plugin.js';

/** The host of one app's plug-ins. @internal */
export class AppPluginHost implements PluginHost {
  readonly logger: Logger;
  readonly routes: readonly AppRoute[];
  readonly router: FindMyWayRouter<Route>;
  readonly #probes: Probe[] = [];
  readonly #paths: string[] = [];
  #encoder: ResponseEncoder | undefined;
  #added: AddedHeaders | undefined;

  constructor(logger: Logger, routes: readonly AppRoute[], router: FindMyWayRouter<Route>) {
    this.logger = logger;
    this.routes = routes;
    this.router = router;
  }

  get probedPaths(): readonly string[] {
    return this.#paths;
  }

  addProbe(probe: Probe, paths: readonly string[]): void {
    this.#probes.push(probe);
    this.#paths.push(...paths);
  }

  setEncoder(encoder: ResponseEncoder): void {
    if (this.#encoder !== undefined) {
      throw new TypeError('fw: a plug-in set a response encoder, and another one already had');
    }
    this.#encoder = encoder;
  }

  setAddedHeaders(headers: AddedHeaders): void {
    if (this.#added !== undefined) {
      throw new TypeError('fw: a plug-in set the headers added to responses, and another had');
    }
    this.#added = headers;
  }

  /** The headers a plug-in added to every response; undefined when none. */
  addedHeaders(): AddedHeaders | undefined {
    return this.#added;
  }

  /** The probes as one, in the order they were added: the first that takes a request answers it. */
  probe(): Probe | undefined {
    const probes = [...this.#probes];
    if (probes.length <= 1) return probes[0];
    return (ex) => probes.some((p) => p(ex));
  }

  /** The response encoder a plug-in set; undefined when responses go out as they are. */
  encoder(): ResponseEncoder | undefined {
    return this.#encoder;
  }
}
