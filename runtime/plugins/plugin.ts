/**
 * The one interface by which an optional feature joins an app: static files, the docs page,
 * response compression, security headers. `createApp` makes each plug-in from its option, then
 * calls `setup` once, after the controllers' routes are known and before anything is served. A
 * plug-in adds what it brings through the {@link PluginHost} and never reaches into the app: the
 * folders under `plugins/` import the floors below them, never `app/`.
 *
 * `cors()` needs no host: it is an interceptor, which the app takes in its `interceptors` option,
 * in the order the application chooses among its own.
 */
import type { Logger } from '../core/log/logger.js';
import type { Route } from '../core/pipeline/pipeline.js';
import type { FindMyWayRouter } from '../core/router/find-my-way-router.js';
import type { AddedHeaders } from '../http/added-headers.js';
import type { Probe, ResponseEncoder } from '../http/exchange.js';

/** A route of the app's controllers, as a plug-in checks its own paths against them. */
export interface AppRoute {
  /** An HTTP method in upper case, `WS` for a gateway, `EVENT` for a consumer. */
  readonly method: string;
  /** The route's pattern, the gateway's path or the event's name. */
  readonly path: string;
  /** `Controller.method`, for messages. */
  readonly label: string;
}

/** What a plug-in can add to the app it joins. */
export interface PluginHost {
  /** Where the app logs. */
  readonly logger: Logger;
  /** Every route of the app's controllers, gateways and consumers. */
  readonly routes: readonly AppRoute[];
  /** The paths that probes added before this plug-in answer (the health probes come first). */
  readonly probedPaths: readonly string[];
  /**
   * The HTTP router, holding the controllers' routes already: a route added here runs behind the
   * global interceptors like theirs, and loses to theirs where both match.
   */
  readonly router: FindMyWayRouter<Route>;
  /**
   * Answers the requests `probe` takes before the request limits, the shutdown refusal and the
   * interceptors; `paths` are the exact paths it answers, for the plug-ins after it to check.
   */
  addProbe(probe: Probe, paths: readonly string[]): void;
  /** Encodes every response the server sends; an app has at most one encoder. */
  setEncoder(encoder: ResponseEncoder): void;
  /**
   * Headers every response carries, probes' answers included (security headers); an app has at
   * most one set. A response that sets a header of one of these names keeps its own.
   */
  setAddedHeaders(headers: AddedHeaders): void;
}

/** An optional feature of an app. */
export interface Plugin {
  /** The option it is made from (`static`, `docs`, `compression`, …), for messages. */
  readonly name: string;
  /** Adds the feature to the app; throws, naming the option at fault, when it cannot. */
  setup(host: PluginHost): void;
}
