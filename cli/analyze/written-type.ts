/**
 * A parameter's type annotation as the generated bindings can write it: the annotation's text,
 * each name in it replaced by where the bindings import it from (the module the controller's file
 * imported it from, or the project file that declares and exports it). The generated invoker casts
 * its argument to this type, so a stale binding fails `tsc` once the annotation changes.
 */
import { ts } from 'ts-morph';
import type { ImportRef, TypePart } from '../ir.js';
import type { Scope } from './scope.js';
import { exportsAs } from './symbols.js';

/**
 * The parts of `node` written from the bindings file, or undefined when one of its names cannot be
 * imported there (a type that is not exported, `typeof x`, `import('…')`, a default import…).
 */
export function writtenType(scope: Scope, node: ts.TypeNode): TypePart[] | undefined {
  const sf = node.getSourceFile();
  const names: { start: number; end: number; part: TypePart }[] = [];
  let ok = true;
  const visit = (n: ts.Node): void => {
    if (!ok) return;
    if (ts.isTypeQueryNode(n) || ts.isImportTypeNode(n) || ts.isThisTypeNode(n)) {
      ok = false;
      return;
    }
    if (ts.isTypeReferenceNode(n) || ts.isExpressionWithTypeArguments(n)) {
      const name = ts.isTypeReferenceNode(n) ? n.typeName : n.expression;
      const part = nameRef(scope, name, node);
      if (part === undefined) {
        ok = false;
        return;
      }
      names.push({ start: name.getStart(sf), end: name.getEnd(), part });
      const args = n.typeArguments ?? [];
      for (const arg of args) visit(arg);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  if (!ok) return undefined;
  const parts: TypePart[] = [];
  // Text pieces next to each other (a global between two) are joined into one.
  const push = (part: TypePart) => {
    const last = parts.length - 1;
    if (typeof part !== 'string') parts.push(part);
    else if (typeof parts[last] === 'string') parts[last] += part;
    else if (part !== '') parts.push(part);
  };
  let at = node.getStart(sf);
  for (const { start, end, part } of names.sort((a, b) => a.start - b.start)) {
    push(sf.text.slice(at, start).replace(/\s+/g, ' '));
    push(part);
    at = end;
  }
  push(sf.text.slice(at, node.getEnd()).replace(/\s+/g, ' '));
  return parts;
}

/** Where a referenced name comes from: an import, a global (kept as written), or undefined. */
function nameRef(scope: Scope, name: ts.Node, root: ts.TypeNode): TypePart | undefined {
  const { checker } = scope;
  if (ts.isIdentifier(name)) {
    const symbol = checker.getSymbolAtLocation(name);
    const decl = symbol?.declarations?.[0];
    if (symbol === undefined || decl === undefined) return undefined;
    if (ts.isTypeParameterDeclaration(decl)) {
      // `infer U` or a mapped type's key: declared inside the annotation itself.
      return decl.pos >= root.pos && decl.end <= root.end ? name.text : undefined;
    }
    if (symbol.flags & ts.SymbolFlags.Alias) {
      if (!ts.isImportSpecifier(decl)) return undefined;
      const imported = (decl.propertyName ?? decl.name).text;
      return fromModule(scope, decl.parent.parent.parent.moduleSpecifier, imported);
    }
    const file = decl.getSourceFile();
    if (isGlobal(decl)) return name.text;
    if (scope.isProjectFile(file) && exportsAs(checker, file, name.text, decl)) {
      return { from: 'file', module: scope.fileOf(file), name: name.text };
    }
    return undefined;
  }
  // `dto.CreateUser` through `import * as dto from '…'`.
  if (!ts.isQualifiedName(name) && !ts.isPropertyAccessExpression(name)) return undefined;
  const left = ts.isQualifiedName(name) ? name.left : name.expression;
  const right = ts.isQualifiedName(name) ? name.right : name.name;
  if (!ts.isIdentifier(left) || !ts.isIdentifier(right)) return undefined;
  const decl = checker.getSymbolAtLocation(left)?.declarations?.[0];
  if (decl === undefined) return undefined;
  if (isGlobal(decl)) return `${left.text}.${right.text}`;
  if (!ts.isNamespaceImport(decl)) return undefined;
  return fromModule(scope, decl.parent.parent.moduleSpecifier, right.text);
}

/** `name` as exported by the module an import names: a package as is, a project file by path. */
function fromModule(scope: Scope, specifier: ts.Expression, name: string): ImportRef | undefined {
  if (!ts.isStringLiteral(specifier) || name === 'default') return undefined;
  const text = specifier.text;
  if (!text.startsWith('.') && !text.startsWith('/')) {
    return { from: 'package', module: text, name };
  }
  const target = scope.checker.getSymbolAtLocation(specifier)?.valueDeclaration;
  if (target === undefined || !ts.isSourceFile(target) || !scope.isProjectFile(target)) {
    return undefined;
  }
  return { from: 'file', module: scope.fileOf(target), name };
}

/** Whether a declaration is global (a script, `declare global`, TypeScript's lib): named as is. */
function isGlobal(decl: ts.Node): boolean {
  if (!ts.isExternalModule(decl.getSourceFile())) return true;
  for (let n: ts.Node | undefined = decl.parent; n !== undefined; n = n.parent) {
    if (ts.isModuleDeclaration(n) && n.flags & ts.NodeFlags.GlobalAugmentation) return true;
  }
  return false;
}
