/**
 * What a handler's generated writer writes, from its declared or inferred return type:
 * `Promise<T>` is awaited and fw's `Reply<T>` opened; `T` is an HTTP handler's JSON answer or a
 * WebSocket handler's reply, and for `sse()`'s `SseStream<D>` it is the events' data `D`. When it
 * is an object, an array or a `bigint` (which `JSON.stringify` cannot write) its {@link Shape} is
 * what the writer writes. Anything else (text, bytes, nothing, a union of an object with something
 * else, any other stream) has no writer and is answered as before, by `JSON.stringify`: no return
 * type is ever an error, so the shapes are built quietly.
 */
import { ts } from 'ts-morph';
import type { AnswerModel, Shape } from '../ir.js';
import type { FoundHandler } from './class-scan.js';
import type { Scope } from './scope.js';
import { Shapes } from './shapes.js';
import { streamKind } from './stream-type.js';
import { symbolOfName } from './symbols.js';
import { isBooleanPair } from './type-syntax.js';

/** The shapes of response types: their own set of named types, with nothing reported. */
export function responseShapes(scope: Scope): Shapes {
  return new Shapes({ ...scope, report: () => {} });
}

/** The shape a handler's writer writes, or undefined when it has none. */
export function responseShape(scope: Scope, shapes: Shapes, h: FoundHandler): Shape | undefined {
  if (h.kind === 'events') return undefined;
  const { checker } = scope;
  const signature = checker.getSignatureFromDeclaration(h.node);
  if (signature === undefined) return undefined;
  const returned = checker.getReturnTypeOfSignature(signature);
  const awaited = checker.getAwaitedType(returned) ?? returned;
  const opened = (awaited.isUnion() ? awaited.types : [awaited]).map(
    (t) => replyBody(scope, t) ?? t,
  );
  let body = opened.length === 1 ? (opened[0] as ts.Type) : undefined;
  const stream = body && streamKind(scope, body);
  if (body !== undefined && stream === 'events' && h.kind === 'http') {
    const data = checker.getTypeArguments(body as ts.TypeReference)[0];
    if (data === undefined) return undefined;
    body = data;
  } else if (stream !== undefined) return undefined;
  const parts = objectParts(scope, body === undefined ? opened : [body]);
  if (parts === undefined) return undefined;
  const written = writtenAnswers(scope, h);
  const found = parts.objects.map((t) => shapes.shapeOf(t, h.at, `${h.label}()`, written.get(t)));
  if (found.length === 1 && !parts.null) {
    const shape = found[0] as Shape;
    return WRITTEN.has(shape.kind) ? shape : undefined;
  }
  return { kind: 'union', members: [...found, ...(parts.null ? [NULL] : [])] };
}

/** What a lone answer's shape must be to be written by a writer rather than `JSON.stringify`. */
const WRITTEN = new Set<Shape['kind']>(['object', 'array', 'ref', 'bigint']);
const NULL: Shape = { kind: 'null' };
const NOTHING = ts.TypeFlags.Undefined | ts.TypeFlags.Void;

/**
 * The object types among `types` (a return type's members, each out of its `Reply`) when every one
 * is an object type, `bigint` or `null`, `undefined` or `void` (`User | undefined`: nothing is sent
 * for `undefined`, `null` is written as it is); bytes and streams are sent as they are, and a union
 * with anything else has no writer.
 */
function objectParts(
  scope: Scope,
  types: readonly ts.Type[],
): { objects: ts.Type[]; null: boolean } | undefined {
  const members = types.flatMap((t) => (t.isUnion() ? t.types : [t]));
  const objects = members.filter((t) => (t.flags & (NOTHING | ts.TypeFlags.Null)) === 0);
  const usable = (t: ts.Type) =>
    (t.flags & ts.TypeFlags.BigInt) !== 0 ||
    ((t.flags & ts.TypeFlags.Object) !== 0 && !isBytes(t) && streamKind(scope, t) === undefined);
  if (objects.length === 0 || !objects.every(usable)) return undefined;
  return { objects, null: members.some((t) => (t.flags & ts.TypeFlags.Null) !== 0) };
}

/** `T` of fw's `Reply<T>`, or undefined when `type` is not one. */
function replyBody(scope: Scope, type: ts.Type): ts.Type | undefined {
  const symbol = type.getSymbol();
  const decl = symbol?.declarations?.[0];
  if (symbol?.getName() !== 'Reply' || decl === undefined) return undefined;
  if (!scope.fw.owns(decl.getSourceFile().fileName)) return undefined;
  return scope.checker.getTypeArguments(type as ts.TypeReference)[0];
}

/**
 * Every answer an HTTP or WebSocket handler can give, for the API documents: each member of its
 * awaited return type, a `Reply<T, S>` under its literal status `S` (else 200), a plain value
 * under 200, and nothing (`void`, `undefined`) under 204; members with one status are one union.
 */
export function answersOf(
  scope: Scope,
  shapes: Shapes,
  h: FoundHandler,
): AnswerModel[] | undefined {
  if (h.kind === 'events') return undefined;
  const { checker } = scope;
  const signature = checker.getSignatureFromDeclaration(h.node);
  if (signature === undefined) return undefined;
  const returned = checker.getReturnTypeOfSignature(signature);
  const awaited = checker.getAwaitedType(returned) ?? returned;
  const members = awaited.isUnion() ? awaited.types : [awaited];
  const byStatus = new Map<number, ts.Type[]>();
  const add = (status: number, type: ts.Type) =>
    byStatus.set(status, [...(byStatus.get(status) ?? []), type]);
  for (const member of members) {
    const reply = replyParts(scope, member);
    const body = reply?.body ?? member;
    const none = (body.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;
    const fallback = none && h.kind === 'http' ? 204 : 200;
    add(h.kind === 'http' ? (reply?.status ?? fallback) : 200, body);
  }
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, types]) => ({ status, body: bodyOf(scope, shapes, h, types) }));
}

/**
 * What the bodies under one status are: nothing, text, bytes, a stream of bytes, an event stream,
 * or JSON of one shape.
 */
function bodyOf(
  scope: Scope,
  shapes: Shapes,
  h: FoundHandler,
  types: readonly ts.Type[],
): AnswerModel['body'] {
  const some = types.filter((t) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) === 0);
  if (some.length === 0) return { kind: 'none' };
  if (some.every((t) => t.flags & ts.TypeFlags.StringLike)) return { kind: 'text' };
  if (some.every((t) => isBytes(t))) return { kind: 'bytes' };
  const streams = some.map((t) => streamKind(scope, t));
  if (streams.every((k) => k === 'events')) return { kind: 'events' };
  if (streams.every((k) => k !== undefined)) return { kind: 'stream' };
  const parts = isBooleanPair(some) ? [scope.checker.getBooleanType()] : some;
  const written = writtenAnswers(scope, h);
  const found = parts.map((t) => shapes.shapeOf(t, h.at, `${h.label}()`, written.get(t)));
  const only = found.length === 1 ? found[0] : undefined;
  return { kind: 'json', shape: only ?? { kind: 'union', members: found } };
}

/**
 * The written type of each answer in the handler's return annotation, by its type: inside
 * `Promise<…>` and fw's `Reply<…>`, each member of a union. The checker erases an alias of a
 * primitive in a type argument (`Tree<Int>` is `Tree<number>` to it), so its shape is read from here.
 */
function writtenAnswers(scope: Scope, h: FoundHandler): Map<ts.Type, ts.TypeNode> {
  const out = new Map<ts.Type, ts.TypeNode>();
  for (const node of answerNodes(scope, h.node.type, 0)) {
    out.set(scope.checker.getTypeFromTypeNode(node), node);
  }
  return out;
}

function answerNodes(scope: Scope, node: ts.TypeNode | undefined, depth: number): ts.TypeNode[] {
  if (node === undefined) return [];
  if (ts.isParenthesizedTypeNode(node)) return answerNodes(scope, node.type, depth);
  if (ts.isUnionTypeNode(node)) return node.types.flatMap((m) => answerNodes(scope, m, depth));
  const [inner] = ts.isTypeReferenceNode(node) ? (node.typeArguments ?? []) : [];
  if (!ts.isTypeReferenceNode(node) || inner === undefined || depth > 3) return [node];
  const symbol = symbolOfName(scope.checker, node.typeName);
  const file = symbol?.declarations?.[0]?.getSourceFile();
  const name = symbol?.getName();
  const promise = name === 'Promise' && file !== undefined && scope.isDefaultLibrary(file);
  const reply = name === 'Reply' && file !== undefined && scope.fw.owns(file.fileName);
  return promise || reply ? answerNodes(scope, inner, depth + 1) : [node];
}

function isBytes(type: ts.Type): boolean {
  const name = type.getSymbol()?.getName();
  return name === 'Uint8Array' || name === 'Buffer';
}

/** `T` and the literal `S` of fw's `Reply<T, S>`, or undefined when `type` is not one. */
function replyParts(
  scope: Scope,
  type: ts.Type,
): { body: ts.Type; status: number | undefined } | undefined {
  const body = replyBody(scope, type);
  if (body === undefined) return undefined;
  const status = scope.checker.getTypeArguments(type as ts.TypeReference)[1];
  return { body, status: status?.isNumberLiteral() ? status.value : undefined };
}
