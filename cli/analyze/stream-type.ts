/**
 * Return types fw sends as a stream (docs/API.md "Streaming"): anything async iterable (a web
 * `ReadableStream`, a Node `Readable`, an `AsyncIterable`, an `AsyncGenerator`), and fw's
 * `SseStream`, the body of `sse()`. They get no response writer, and the API document describes
 * them as bytes or as an event stream rather than as JSON.
 */
import type { ts } from 'ts-morph';
import type { Scope } from './scope.js';

/** `events` for fw's `SseStream`, `stream` for any other async iterable, else undefined. */
export function streamKind(scope: Scope, type: ts.Type): 'events' | 'stream' | undefined {
  const symbol = type.getSymbol();
  const decl = symbol?.declarations?.[0];
  if (
    symbol?.getName() === 'SseStream' &&
    decl !== undefined &&
    scope.fw.owns(decl.getSourceFile().fileName)
  ) {
    return 'events';
  }
  return isAsyncIterable(scope, type) ? 'stream' : undefined;
}

/**
 * Whether `type` has a `[Symbol.asyncIterator]` member, as TypeScript names a well-known symbol
 * key (`__@asyncIterator@<id>`); an object type only, so a union is never one.
 */
function isAsyncIterable(scope: Scope, type: ts.Type): boolean {
  if (type.isUnion() || type.getSymbol() === undefined) return false;
  return scope.checker
    .getPropertiesOfType(type)
    .some((p) => (p.escapedName as string).startsWith('__@asyncIterator@'));
}
