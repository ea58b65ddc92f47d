/**
 * The providers of the object graph: each `export const name = provider(fn)` at the top level of
 * a project file, read from `fn`'s written signature. A provider that cannot be used is reported
 * (FW0404, FW0405), and two for one type are both reported (FW0403).
 */
import { ts } from 'ts-morph';
import type { ImportRef, SourceLocation } from '../ir.js';
import { formatAt } from './location.js';
import type { Scope } from './scope.js';
import { exportsAs } from './symbols.js';
import { type TypeKey, typeKey } from './type-key.js';
import { nodeText } from './type-syntax.js';

/** One usable provider. */
export interface FoundProvider {
  readonly key: TypeKey;
  readonly ref: ImportRef;
  readonly at: SourceLocation;
  readonly async: boolean;
  readonly params: readonly ts.ParameterDeclaration[];
}

/** The providers of these files by the id of what each provides; the first one of a duplicate. */
export function findProviders(
  scope: Scope,
  files: readonly ts.SourceFile[],
): Map<string, FoundProvider> {
  const all: FoundProvider[] = [];
  for (const file of files) {
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer;
        if (
          init === undefined ||
          !ts.isCallExpression(init) ||
          !scope.fw.isProvider(init.expression)
        )
          continue;
        const found = readProvider(scope, file, statement, decl, init);
        if (found !== undefined) all.push(found);
      }
    }
  }
  const byId = new Map<string, FoundProvider[]>();
  for (const p of all) byId.set(p.key.id, [...(byId.get(p.key.id) ?? []), p]);
  const chosen = new Map<string, FoundProvider>();
  for (const [id, list] of byId) {
    chosen.set(id, list[0] as FoundProvider);
    if (list.length < 2) continue;
    for (const p of list) {
      const others = list.filter((o) => o !== p).map((o) => `${o.ref.name} (${formatAt(o.at)})`);
      const message = `two providers for ${p.key.name}: ${p.ref.name} and ${others.join(', ')}; the app has one instance of each type: keep one, or give each its own type`;
      scope.report('FW0403', p.at, message);
    }
  }
  return chosen;
}

function readProvider(
  scope: Scope,
  file: ts.SourceFile,
  statement: ts.VariableStatement,
  decl: ts.VariableDeclaration,
  call: ts.CallExpression,
): FoundProvider | undefined {
  const name = ts.isIdentifier(decl.name) ? decl.name.text : undefined;
  const who = `provider ${name ?? nodeText(decl.name)}`;
  const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
  if (name === undefined || !isConst || !exportsAs(scope.checker, file, name, decl)) {
    const message = `${who} is not an exported \`const\` of ${scope.fileOf(file)}; the generated graph imports and calls it: \`export const ${name ?? 'name'} = provider(…)\``;
    return void scope.report('FW0405', decl, message);
  }
  const fn = call.arguments[0];
  if (fn === undefined || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
    const message = `${who}: pass the function itself, so fwgen can read its parameters and return type: \`provider((c: AppConfig): Database => …)\``;
    return void scope.report('FW0405', fn ?? call, message);
  }
  let ok = true;
  for (const p of fn.parameters) {
    const pname = ts.isIdentifier(p.name) ? p.name.text : nodeText(p.name);
    if (p.dotDotDotToken !== undefined || p.type === undefined) {
      const what = p.dotDotDotToken !== undefined ? 'is a rest parameter' : 'has no type';
      const message = `${who} parameter '${pname}' ${what}; each parameter is injected by its type: \`(${pname}: AppConfig)\``;
      scope.report('FW0405', p, message);
      ok = false;
    }
  }
  const at = scope.locate(decl);
  if (fn.type === undefined) {
    const message = `${who} has no written return type; the graph matches providers by it: \`provider((): Mailer => …)\`, or \`Promise<Mailer>\` for an async one`;
    return void scope.report('FW0404', fn, message);
  }
  const written = scope.checker.getTypeFromTypeNode(fn.type);
  const awaited = scope.checker.getAwaitedType(written) ?? written;
  const isAsync = awaited !== written;
  const loose = ts.TypeFlags.Any | ts.TypeFlags.Unknown;
  const key = awaited.flags & loose ? undefined : typeKey(scope, awaited);
  if (key === undefined) {
    const why =
      awaited.flags & loose
        ? `returns \`${nodeText(fn.type)}\`, which says nothing to match by`
        : `returns \`${nodeText(fn.type)}\`, which has no name to match by`;
    const message = `${who} ${why}; return a named type: an interface, a class or a type alias`;
    return void scope.report('FW0404', fn.type, message);
  }
  if (!ok) return undefined;
  const ref: ImportRef = { from: 'file', module: scope.fileOf(file), name };
  return { key, ref, at, async: isAsync, params: fn.parameters };
}
