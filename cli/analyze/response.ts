/**
 * The JSON answer of an HTTP handler, from its declared or inferred return type: `Promise<T>` is
 * awaited and fw's `Reply<T>` opened, and when `T` is an object or an array its {@link Shape} is
 * what the generated response writer writes. Anything else (text, bytes, nothing, a union of an
 * object with something else) has no writer and is answered as before, by `JSON.stringify`: no
 * return type is ever an error, so the shapes are built quietly.
 */
import { ts } from 'ts-morph';
import type { Shape } from '../ir.js';
import type { FoundHandler } from './class-scan.js';
import type { Scope } from './scope.js';
import { Shapes } from './shapes.js';

/** The shapes of response types: their own set of named types, with nothing reported. */
export function responseShapes(scope: Scope): Shapes {
  return new Shapes({ ...scope, report: () => {} });
}

/** The shape a handler's JSON answer is written from, or undefined when it has none. */
export function responseShape(scope: Scope, shapes: Shapes, h: FoundHandler): Shape | undefined {
  if (h.kind !== 'http') return undefined;
  const { checker } = scope;
  const signature = checker.getSignatureFromDeclaration(h.node);
  if (signature === undefined) return undefined;
  const returned = checker.getReturnTypeOfSignature(signature);
  const awaited = checker.getAwaitedType(returned) ?? returned;
  const body = replyBody(scope, awaited) ?? awaited;
  if ((body.flags & ts.TypeFlags.Object) === 0 || body.isUnion()) return undefined;
  const shape = shapes.shapeOf(body, h.at, `${h.label}()`);
  return shape.kind === 'object' || shape.kind === 'array' || shape.kind === 'ref'
    ? shape
    : undefined;
}

/** `T` of fw's `Reply<T>`, or undefined when `type` is not one. */
function replyBody(scope: Scope, type: ts.Type): ts.Type | undefined {
  const symbol = type.getSymbol();
  const decl = symbol?.declarations?.[0];
  if (symbol?.getName() !== 'Reply' || decl === undefined) return undefined;
  if (!scope.fw.owns(decl.getSourceFile().fileName)) return undefined;
  return scope.checker.getTypeArguments(type as ts.TypeReference)[0];
}
