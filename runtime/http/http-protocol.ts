/**
 * How the pipeline routes, stages and answers an HTTP request: find-my-way routing with 404 and 405
 * (with `Allow`), results staged by `render.ts`, and the staged response sent once.
 */

import { FwError } from '../core/errors.js';
import type { Protocol, Route } from '../core/pipeline/pipeline.js';
import type { Router } from '../core/router/router.js';
import type { HttpExchange } from './exchange.js';
import { stageError, stageResult } from './render.js';

/** The HTTP {@link Protocol} over `router`. */
export function httpProtocol(router: Router<Route>): Protocol<HttpExchange> {
  return {
    route(ex) {
      const method = ex.method();
      const path = ex.path();
      const match = router.find(method, path);
      if (match === null) throw routingError(router, method, path);
      ex.route(match.params as Record<string, string>, match.value.meta.pathKeys);
      ex.routeTemplate = match.value.meta.route;
      return match.value;
    },
    checkpoint(ex) {
      ex.response.checkpoint();
    },
    stage(ex, result, route) {
      stageResult(ex.response, result, route.serialize);
    },
    respond(ex, err) {
      let sent: void | Promise<void>;
      try {
        if (err !== undefined) stageError(ex.response, err);
      } finally {
        // A stream body answers a promise, which the pipeline awaits before afterCompletion.
        sent = ex.send();
      }
      return sent;
    },
  };
}

function routingError(router: Router<Route>, method: string, path: string): FwError {
  const allowed = router.allowed(path);
  if (allowed.length === 0) return new FwError('FW_ERR_ROUTE_NOT_FOUND', { method, path });
  const allow = allowed.join(', ');
  return new FwError(
    'FW_ERR_METHOD_NOT_ALLOWED',
    { method, path, allowed: allow },
    { headers: { Allow: allow } },
  );
}
