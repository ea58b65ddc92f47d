/** Following symbols through imports and re-exports, and asking what a module exports. */
import { ts } from 'ts-morph';

/** The symbol an import, re-export or local reference finally names; undefined when unresolved. */
export function targetOf(
  checker: ts.TypeChecker,
  symbol: ts.Symbol | undefined,
): ts.Symbol | undefined {
  if (symbol === undefined) return undefined;
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  if (target.declarations === undefined || target.declarations.length === 0) return undefined;
  return checker.getExportSymbolOfSymbol(target);
}

/** The resolved symbol of a name as written (`Get`, `fw.Get`, `core.Values`). */
export function symbolOfName(checker: ts.TypeChecker, name: ts.Node): ts.Symbol | undefined {
  const at = ts.isPropertyAccessExpression(name)
    ? name.name
    : ts.isQualifiedName(name)
      ? name.right
      : name;
  return targetOf(checker, checker.getSymbolAtLocation(at));
}

/** Whether `file` exports `declaration` under `name` (directly, or by `export { X }`). */
export function exportsAs(
  checker: ts.TypeChecker,
  file: ts.SourceFile,
  name: string,
  declaration: ts.Declaration,
): boolean {
  const module = checker.getSymbolAtLocation(file);
  if (module === undefined) return false;
  const exported = checker.getExportsOfModule(module).find((s) => s.name === name);
  return targetOf(checker, exported)?.declarations?.includes(declaration) ?? false;
}
