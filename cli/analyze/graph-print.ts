/**
 * What of a file the object graph can read, as text: watch mode keeps the last graph while an
 * edit leaves this unchanged. The graph reads classes (their decorators, heritage, constructors),
 * providers, exports and the types their parameters name, never a handler; so a file's print is
 * its text without its handler methods (a method with a route decorator: `@Get`, `@OnEvent`…),
 * keeping their other decorators (`@UseInterceptors`), with where each statement starts.
 */
import { ts } from 'ts-morph';
import { type Framework, HANDLER_DECORATORS } from './framework.js';

/** The file's print. */
export function graphPrint(fw: Framework, file: ts.SourceFile): string {
  const parts: string[] = [];
  for (const statement of file.statements) {
    const { line, character } = file.getLineAndCharacterOfPosition(statement.getStart(file));
    parts.push(`@${line}:${character}`);
    if (!ts.isClassDeclaration(statement)) {
      parts.push(statement.getText(file));
      continue;
    }
    parts.push(file.text.slice(statement.getStart(file), statement.members.pos));
    for (const member of statement.members) {
      const decorators = ts.canHaveDecorators(member) ? (ts.getDecorators(member) ?? []) : [];
      const isHandler = decorators.some((d) => HANDLER_DECORATORS.has(fw.decorator(d)?.name ?? ''));
      if (!isHandler) {
        parts.push(member.getText(file));
        continue;
      }
      for (const d of decorators) {
        if (!HANDLER_DECORATORS.has(fw.decorator(d)?.name ?? '')) parts.push(d.getText(file));
      }
    }
  }
  return parts.join('\n');
}

/**
 * Whether the file writes a type that is computed from another type's members (`typeof x`,
 * `T['k']`, `keyof T`, a conditional or a mapped type): through one, a constructor's parameter
 * type could depend on a handler, which the print leaves out; while any file has one, the graph
 * is built again on every change.
 */
export function hasDerivedType(node: ts.Node): boolean {
  if (
    ts.isTypeQueryNode(node) ||
    ts.isIndexedAccessTypeNode(node) ||
    ts.isConditionalTypeNode(node) ||
    ts.isMappedTypeNode(node) ||
    (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.KeyOfKeyword)
  ) {
    return true;
  }
  return ts.forEachChild(node, hasDerivedType) ?? false;
}

/**
 * Whether a constructor, a top-level variable (a provider) or a type alias of the file passes type
 * arguments: a generic (a package's conditional type) could then compute a parameter type from the
 * members of a class the file imports, so the graph is built again when the file's imports change.
 */
export function passesTypeArguments(file: ts.SourceFile): boolean {
  const visit = (node: ts.Node): boolean =>
    ((ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) &&
      node.typeArguments !== undefined) ||
    (ts.forEachChild(node, visit) ?? false);
  return file.statements.some((statement) => {
    if (ts.isVariableStatement(statement) || ts.isTypeAliasDeclaration(statement)) {
      return visit(statement);
    }
    return (
      ts.isClassDeclaration(statement) &&
      statement.members.some((m) => ts.isConstructorDeclaration(m) && visit(m))
    );
  });
}
