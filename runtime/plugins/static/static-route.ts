/**
 * The built-in handler of static files, as a {@link Route} of the HTTP pipeline: registered for
 * GET (HEAD follows GET) on `<prefix>/*` and `<prefix>`, it runs between the global interceptors'
 * `preHandle` and `postHandle` like a controller's handler, and its answer is staged the same way,
 * so a rejected request, CORS headers and `afterCompletion` work for files as for routes.
 */

import { FwError } from '../../core/errors.js';
import type { ExecutionContext } from '../../core/pipeline/execution-context.js';
import type { HandlerMeta } from '../../core/pipeline/interceptor.js';
import type { Route } from '../../core/pipeline/pipeline.js';
import type { ArgumentResolver } from '../../core/pipeline/resolver.js';
import type { FindMyWayRouter } from '../../core/router/find-my-way-router.js';
import type { HttpExchange } from '../../http/exchange.js';
import { Reply } from '../../http/reply.js';
import type { Plugin } from '../plugin.js';
import { acceptsHtml } from './accepts-html.js';
import { filePath } from './safe-path.js';
import { type FileAnswer, sendFile } from './send-file.js';
import { resolveStatic, type StaticMount } from './static-options.js';

const META: HandlerMeta = Object.freeze({
  method: Object.freeze({ name: 'static' }),
  pathKeys: Object.freeze([]),
});

/** The handler's one parameter: the request's exchange itself. */
const EXCHANGE = Object.freeze([
  Object.freeze({ index: 0, name: 'exchange', type: 'fw/static#HttpExchange', optional: false }),
]);
const EXCHANGE_RESOLVER: ArgumentResolver = Object.freeze({
  supports: () => true,
  resolve: (ctx: ExecutionContext) => ctx,
});

/** The route that serves `mount`'s files. @internal */
export function staticRoute(mount: StaticMount): Route {
  // Named by its wildcard pattern, as telemetry names the route: `/assets/*`.
  const route = mount.prefix === '/' ? '/*' : `${mount.prefix}/*`;
  return Object.freeze({
    meta: Object.freeze({ ...META, route }),
    interceptors: Object.freeze([]),
    params: EXCHANGE,
    resolvers: Object.freeze([EXCHANGE_RESOLVER]),
    controller: mount,
    invoke: (m: unknown, args: unknown[]) => serveStatic(m as StaticMount, args[0] as HttpExchange),
  });
}

/**
 * Registers each mount on `router`, after the controllers' routes: GET (and so HEAD) on
 * `<prefix>/*`, which loses to every route that matches, and on `<prefix>` itself (answered with a
 * 301 to `<prefix>/`) unless a route already matches it. @internal
 */
export function addStaticRoutes(
  router: FindMyWayRouter<Route>,
  mounts: readonly StaticMount[],
): void {
  const routes = mounts.map((mount) => ({
    mount,
    route: staticRoute(mount),
    label: `static ${mount.prefix}`,
  }));
  // Every bare prefix first: each is found against the controllers' routes only.
  for (const { mount, route, label } of routes) {
    if (mount.prefix !== '/' && router.find('GET', mount.prefix) === null) {
      router.add('GET', mount.prefix, route, label);
    }
  }
  for (const { mount, route, label } of routes) router.addPrefix('GET', mount.prefix, route, label);
}

/**
 * Answers a GET or HEAD under `mount.prefix`: the file, a 301 to the folder's path with `/`, the
 * fallback file for a page a browser asks for, or 404 (`FW_ERR_ROUTE_NOT_FOUND`, as for a path no
 * route matches: a refused path and a missing file cannot be told apart).
 */
async function serveStatic(mount: StaticMount, ex: HttpExchange): Promise<Reply> {
  const path = ex.path();
  // Both redirects name a path that passed the gate or is the prefix: never `//host`, never `\`.
  if (path === mount.prefix && path !== '/') {
    return new Reply(undefined, 301, { Location: `${path}/` });
  }
  const file = filePath(path, mount.prefix);
  let answer: FileAnswer = file === undefined ? 'not-found' : await sendFile(mount, ex, file);
  if (
    answer === 'not-found' &&
    file !== undefined &&
    mount.fallback !== undefined &&
    acceptsHtml(ex.header('accept'))
  ) {
    answer = await sendFile(mount, ex, mount.fallback);
  }
  if (answer === 'not-found') {
    throw new FwError('FW_ERR_ROUTE_NOT_FOUND', { method: ex.method(), path });
  }
  if (answer === 'folder') return new Reply(undefined, 301, { Location: `${path}/` });
  if (answer.status === 304) {
    // No body, so no Content-Type either (RFC 9110 section 15.4.5): only the validators go out.
    answer.stream.destroy();
    return new Reply(undefined, 304, answer.headers);
  }
  // The file's stream is the body: sent with its Content-Length as the client reads it, stopped
  // unread for HEAD and 304, destroyed when the client leaves (runtime/http/stream-body.ts).
  return new Reply(answer.stream, answer.status, answer.headers);
}

/**
 * The static-files plug-in of `createApp({ static })`, or undefined when no folder is served: its
 * routes join the router after the controllers' (see {@link addStaticRoutes}). @internal
 */
export function staticFiles(option: unknown): Plugin | undefined {
  const mounts = resolveStatic(option);
  if (mounts.length === 0) return undefined;
  return { name: 'static', setup: (host) => addStaticRoutes(host.router, mounts) };
}
