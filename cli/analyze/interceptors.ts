/**
 * `@UseInterceptors(A, B)`: each argument must name a class the generated module can import,
 * either from the project file that declares and exports it, or from the package the controller
 * imported it from.
 */
import { ts } from 'ts-morph';
import type { ImportRef } from '../ir.js';
import type { FwDecoratorUse } from './framework.js';
import type { Scope } from './scope.js';
import { exportsAs, targetOf } from './symbols.js';
import { nodeText } from './type-syntax.js';

/** The interceptors of these decorator uses, in order; undefined when one is reported. */
export function interceptorRefs(
  scope: Scope,
  uses: readonly FwDecoratorUse[],
  owner: string,
): ImportRef[] | undefined {
  const refs: ImportRef[] = [];
  let ok = true;
  for (const arg of uses.flatMap((use) => use.args)) {
    const ref = interceptorRef(scope, arg, owner);
    if (ref === undefined) ok = false;
    else refs.push(ref);
  }
  return ok ? refs : undefined;
}

function interceptorRef(scope: Scope, arg: ts.Expression, owner: string): ImportRef | undefined {
  const where = `@UseInterceptors on ${owner}`;
  const fail = (what: string, fix: string): undefined =>
    void scope.report('FW0108', arg, `${where}: ${what}; ${fix}`);
  if (!ts.isIdentifier(arg)) {
    return fail(
      `argument '${nodeText(arg)}' is not a class name`,
      'pass interceptor classes by name, e.g. `@UseInterceptors(AuthInterceptor)`',
    );
  }
  const written = scope.checker.getSymbolAtLocation(arg);
  const cls = targetOf(scope.checker, written)?.declarations?.find(ts.isClassDeclaration);
  if (cls === undefined) {
    return fail(
      `'${arg.text}' is not a class`,
      'pass an interceptor class, not a value or instance',
    );
  }
  const file = cls.getSourceFile();
  if (scope.isProjectFile(file)) {
    const name = cls.name?.text;
    if (name === undefined || !exportsAs(scope.checker, file, name, cls)) {
      return fail(
        `class '${name ?? arg.text}' is not exported by its name from ${scope.fileOf(file)}`,
        'export it (`export class …`) so the generated bindings can import it',
      );
    }
    return known(scope, cls, { from: 'file', module: scope.fileOf(file), name });
  }
  const imported = importOf(written);
  if (imported === undefined) {
    return fail(`class '${arg.text}' is not imported from a module`, 'import it from its package');
  }
  const { specifier, name, declaration } = imported;
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    return known(scope, cls, { from: 'package', module: specifier, name });
  }
  // A project file re-exports a package's class: import it from that file, by the same name.
  const target = scope.checker.getSymbolAtLocation(declaration.moduleSpecifier)?.valueDeclaration;
  if (target !== undefined && ts.isSourceFile(target) && scope.isProjectFile(target)) {
    return known(scope, cls, { from: 'file', module: scope.fileOf(target), name });
  }
  return fail(
    `class '${arg.text}' cannot be imported from '${specifier}'`,
    'import it from its package',
  );
}

/** Records where the interceptor class is imported from, for the object graph. */
function known(scope: Scope, cls: ts.ClassDeclaration, ref: ImportRef): ImportRef {
  if (!scope.interceptors.has(cls)) scope.interceptors.set(cls, ref);
  return ref;
}

/** The import declaration that brought a name into the file, with the name it was imported as. */
function importOf(
  symbol: ts.Symbol | undefined,
):
  | { specifier: string; name: string; declaration: { moduleSpecifier: ts.Expression } }
  | undefined {
  const decl = symbol?.declarations?.[0];
  if (decl === undefined) return undefined;
  if (ts.isImportSpecifier(decl)) {
    const declaration = decl.parent.parent.parent;
    const name = (decl.propertyName ?? decl.name).text;
    return ts.isStringLiteral(declaration.moduleSpecifier)
      ? { specifier: declaration.moduleSpecifier.text, name, declaration }
      : undefined;
  }
  if (ts.isImportClause(decl) && ts.isStringLiteral(decl.parent.moduleSpecifier)) {
    return {
      specifier: decl.parent.moduleSpecifier.text,
      name: 'default',
      declaration: decl.parent,
    };
  }
  return undefined;
}
