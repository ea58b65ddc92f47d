/**
 * Route paths as written in decorators: read as string literal types, joined with the controller's
 * prefix, and compared by shape (`/a/:x` and `/a/:y` match the same requests).
 */
import type { ts } from 'ts-morph';

/** The string a path argument stands for: its type must be a string literal; else undefined. */
export function literalString(checker: ts.TypeChecker, node: ts.Expression): string | undefined {
  const type = checker.getTypeAtLocation(node);
  return type.isStringLiteral() ? type.value : undefined;
}

/** Joins a prefix and a path: the runtime's own join, so the two can never disagree. */
export { joinRoute } from '../../runtime/core/router/router.js';

/** The path with each key reduced to `:`; equal shapes are the same route. */
export function routeShape(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ':' : segment))
    .join('/');
}
