/**
 * The events the code publishes: each `publishEvents(ctx, …events)` call of fw's `fw/publish`,
 * read for the AsyncAPI document's `send` operations. An event whose type is a named project type
 * with a string literal `name` is listed; anything else (a union built at run time, `DomainEvent`
 * itself) is left out, quietly: the document lists what the code says for sure.
 */
import { ts } from 'ts-morph';
import type { PublishedEvent } from '../ir.js';
import { compareText } from '../ir.js';
import { namedDeclOf } from './named-decl.js';
import type { Scope } from './scope.js';
import type { Shapes } from './shapes.js';
import { symbolOfName } from './symbols.js';
import { partsOf } from './type-syntax.js';

const PUBLISH = 'publishEvents';

/** The published events of `files`, sorted by name then type, each once (its first place). */
export function publishedEvents(
  scope: Scope,
  shapes: Shapes,
  files: readonly ts.SourceFile[],
): PublishedEvent[] {
  const found = new Map<string, PublishedEvent>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isPublish(scope, node.expression)) {
      for (const arg of node.arguments.slice(1)) {
        const type = scope.checker.getTypeAtLocation(arg);
        for (const part of partsOf(type).parts) {
          const event = eventOf(scope, shapes, part);
          if (event === undefined) continue;
          const key = `${event.name}\n${event.type}`;
          if (!found.has(key)) found.set(key, { ...event, at: scope.locate(arg) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return [...found.values()].sort(
    (a, b) => compareText(a.name, b.name) || compareText(a.type, b.type),
  );
}

/** Whether `callee` is fw's `publishEvents`, called by that name (`publishEvents`, `x.publishEvents`). */
function isPublish(scope: Scope, callee: ts.Expression): boolean {
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : undefined;
  if (name !== PUBLISH) return false;
  const decl = symbolOfName(scope.checker, callee)?.declarations?.[0];
  return decl !== undefined && scope.fw.owns(decl.getSourceFile().fileName);
}

function eventOf(
  scope: Scope,
  shapes: Shapes,
  type: ts.Type,
): { name: string; type: string } | undefined {
  const decl = namedDeclOf(scope, type, [type], undefined);
  const nameProp = type.getProperty('name');
  if (decl === undefined || nameProp === undefined) return undefined;
  const nameType = scope.checker.getTypeOfSymbol(nameProp);
  if (!nameType.isStringLiteral()) return undefined;
  return { name: nameType.value, type: shapes.named(decl) };
}
