/**
 * A handler's parameters, in order, each bound by its type (API.md section 5): one of fw's types,
 * a primitive named after a route key, or the application's own type as the body or payload.
 */
import { ts } from 'ts-morph';
import type { ImportRef, ParamModel } from '../ir.js';
import { bodyTypeId, bodyWord } from './body-type.js';
import type { FoundHandler } from './class-scan.js';
import { queryModel } from './query-type.js';
import type { Scope } from './scope.js';
import type { Shapes } from './shapes.js';
import { isBooleanPair, partsOf, withoutUndefinedNode } from './type-syntax.js';
import { writtenType } from './written-type.js';

/** The type id of `Query<T>`, whose `T` is read into the parameter's `QueryModel`. */
const QUERY_TYPE = 'fw/query#Query';
const QUERY_REF: ImportRef = { from: 'package', module: 'fw/query', name: 'Query' };

type Primitive = 'string' | 'number' | 'bigint' | 'boolean';

function primitiveOf(parts: readonly ts.Type[]): Primitive | undefined {
  if (isBooleanPair(parts)) return 'boolean';
  const [only] = parts;
  if (parts.length !== 1 || only === undefined) return undefined;
  if (only.flags & ts.TypeFlags.String) return 'string';
  if (only.flags & ts.TypeFlags.Number) return 'number';
  if (only.flags & ts.TypeFlags.BigInt) return 'bigint';
  if (only.flags & ts.TypeFlags.Boolean) return 'boolean';
  return undefined;
}

/** The handler's parameters, or undefined when one of them was reported. */
export function analyzeParams(
  scope: Scope,
  shapes: Shapes,
  handler: FoundHandler,
): ParamModel[] | undefined {
  const params: ParamModel[] = [];
  let ok = true;
  let body: string | undefined;
  const declared = handler.node.parameters.filter(
    (p) => !(ts.isIdentifier(p.name) && p.name.text === 'this'),
  );
  declared.forEach((p, index) => {
    const name = ts.isIdentifier(p.name) ? p.name.text : `arg${index}`;
    const param = analyzeParam(scope, shapes, handler, p, index, name);
    if (param === undefined) {
      ok = false;
    } else if (param.validate !== undefined && body !== undefined) {
      const word = bodyWord(handler.kind);
      const one = handler.kind === 'http' ? 'a request has one body' : 'a message has one payload';
      const message = `${handler.label} parameter '${name}' would be a second ${word} ('${body}' already is); ${one}: take one type that holds both`;
      scope.report('FW0204', p, message);
      ok = false;
    } else {
      if (param.validate !== undefined) body = name;
      params.push(param);
    }
  });
  return ok ? params : undefined;
}

function analyzeParam(
  scope: Scope,
  shapes: Shapes,
  handler: FoundHandler,
  p: ts.ParameterDeclaration,
  index: number,
  name: string,
): ParamModel | undefined {
  const who = `${handler.label} parameter '${name}'`;
  if (p.dotDotDotToken !== undefined) {
    const message = `${who} is a rest parameter; fw binds one value per parameter: declare each one separately`;
    return void scope.report('FW0205', p, message);
  }
  if (p.type === undefined) {
    const message = `${who} has no type annotation; annotate it: \`id: number\`, \`body: CreateUser\`, \`q: Values\`, …`;
    return void scope.report('FW0203', p, message);
  }
  const type = scope.checker.getTypeFromTypeNode(p.type);
  const { parts, undefinedToo } = partsOf(type);
  const optional = p.questionToken !== undefined || p.initializer !== undefined || undefinedToo;
  const fwType = scope.fw.typeId(p.type, type);
  if (fwType === QUERY_TYPE) {
    const query = queryModel(scope, handler, p.type, who);
    if (query === undefined) return undefined;
    const argument = scope.fw.queryArgument(p.type);
    const written = argument === undefined ? undefined : writtenType(scope, argument);
    const cast = written === undefined ? {} : { cast: [QUERY_REF, '<', ...written, '>'] };
    return { index, name, type: fwType, optional, query, ...cast };
  }
  if (fwType !== undefined) return { index, name, type: fwType, optional };
  const primitive = primitiveOf(parts);
  if (primitive !== undefined) {
    const keys = handler.keys;
    if (keys === undefined) return undefined; // the route was reported already
    if (keys.includes(name)) return { index, name, type: primitive, optional, pathKey: name };
    const list = keys.length === 0 ? 'it has none' : `keys: ${keys.join(', ')}`;
    const message = `${who} of type ${primitive} names no route key of '${handler.method} ${handler.path}' (${list}); ${keyFix(handler)}`;
    return void scope.report('FW0202', p, message);
  }
  const id = bodyTypeId(scope, shapes, p.type, type, who, handler.kind);
  if (id === undefined) return undefined;
  const cast = writtenType(scope, withoutUndefinedNode(p.type) ?? p.type);
  return { index, name, type: id, optional, validate: id, ...(cast === undefined ? {} : { cast }) };
}

function keyFix(handler: FoundHandler): string {
  if (handler.kind === 'events')
    return 'an event has no route keys: read the value from the payload';
  if (handler.kind === 'websocket')
    return 'rename it to a key of the gateway path, or read it from the payload';
  return 'rename it to a key, or take `q: Values` for query values';
}
