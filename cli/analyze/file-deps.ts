/**
 * What a file's analysis can depend on besides its own text: the files it imports (any way the
 * checker follows: import and export declarations, `import x = require()`, `import('…')` calls and
 * types, `/// <reference path>`), and whether it declares anything global, which anything may use.
 */
import { dirname, resolve } from 'node:path';
import { ts } from 'ts-morph';

/** The files `file` refers to, by absolute name, as the checker resolves them; sorted, each once. */
export function fileDeps(checker: ts.TypeChecker, file: ts.SourceFile): string[] {
  const found = new Set<string>();
  const add = (specifier: ts.Node | undefined): void => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier)) return;
    for (const decl of checker.getSymbolAtLocation(specifier)?.declarations ?? []) {
      found.add(resolve(decl.getSourceFile().fileName));
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isExternalModuleReference(node)) add(node.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal);
    } else if (ts.isCallExpression(node) && isImportOrRequire(node)) add(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const ref of file.referencedFiles) found.add(resolve(dirname(file.fileName), ref.fileName));
  found.delete(resolve(file.fileName));
  return [...found].sort();
}

function isImportOrRequire(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return (
    callee.kind === ts.SyntaxKind.ImportKeyword ||
    (ts.isIdentifier(callee) && callee.text === 'require')
  );
}

/**
 * Whether the file's declarations can reach other files without an import: a script (no import or
 * export, so its declarations are global), `declare global`, or `declare module '…'`.
 */
export function declaresGlobals(file: ts.SourceFile): boolean {
  if (!ts.isExternalModule(file)) return true;
  return file.statements.some(
    (s) =>
      ts.isModuleDeclaration(s) &&
      (ts.isStringLiteral(s.name) || (s.flags & ts.NodeFlags.GlobalAugmentation) !== 0),
  );
}
