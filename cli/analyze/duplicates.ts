/**
 * Routes that would collide at run time (FW0102): two HTTP handlers on the same method and path
 * shape anywhere in the app, two gateways on the same path shape, or two message handlers in one
 * gateway. Events fan out, so any number of handlers may share an event name. The first in file
 * order keeps its route; each later one is reported, naming the first.
 */
import type { SourceLocation } from '../ir.js';
import type { FoundController, FoundHandler } from './class-scan.js';
import { formatAt } from './location.js';
import { compareDiagnostics } from './problems.js';
import { routeShape } from './route-path.js';
import type { Scope } from './scope.js';

type Placed = { readonly at: SourceLocation };

function inFileOrder<T extends Placed>(items: readonly T[]): T[] {
  const place = (x: Placed) => ({ code: 'FW0102' as const, message: '', at: x.at });
  return [...items].sort((a, b) => compareDiagnostics(place(a), place(b)));
}

/** Reports every duplicate; returns the controllers and handlers that lost. */
export function findDuplicates(
  scope: Scope,
  controllers: readonly FoundController[],
): ReadonlySet<FoundController | FoundHandler> {
  const losers = new Set<FoundController | FoundHandler>();
  const gateways = new Map<string, FoundController>();
  for (const c of inFileOrder(controllers.filter((c) => c.kind === 'websocket'))) {
    if (c.path === undefined) continue;
    const key = routeShape(c.path);
    const earlier = gateways.get(key);
    if (earlier === undefined) {
      gateways.set(key, c);
    } else {
      const message = `WebSocket path ${c.path} of ${c.name} duplicates gateway ${earlier.name} at ${formatAt(earlier.at)}${alike(earlier.path, c.path)}; change one of the paths`;
      scope.report('FW0102', c.at, message);
      losers.add(c);
    }
    for (const extra of c.handlers.slice(1)) {
      const firstHandler = c.handlers[0]!;
      const message = `${extra.label} is a second @OnMessage handler in gateway ${c.name} (the first is ${firstHandler.label} at ${formatAt(firstHandler.at)}); a gateway has one message handler: merge them`;
      scope.report('FW0102', extra.at, message);
      losers.add(extra);
    }
  }
  const routes = new Map<string, FoundHandler>();
  const http = controllers.filter((c) => c.kind === 'http').flatMap((c) => c.handlers);
  for (const h of inFileOrder(http)) {
    if (h.path === undefined) continue;
    const key = `${h.method} ${routeShape(h.path)}`;
    const earlier = routes.get(key);
    if (earlier === undefined) {
      routes.set(key, h);
      continue;
    }
    const message = `route ${h.method} ${h.path} of ${h.label} duplicates ${earlier.label} at ${formatAt(earlier.at)}${alike(earlier.path, h.path)}; change the path or the method of one of them`;
    scope.report('FW0102', h.at, message);
    losers.add(h);
  }
  return losers;
}

function alike(first: string | undefined, second: string): string {
  return first === second ? '' : ` (${first} matches the same requests)`;
}
