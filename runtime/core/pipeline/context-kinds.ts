/**
 * How the type guards of the protocol contexts (`isHttpRequestContext` and the others, each beside
 * its interface) tell a context's kind. Like Go's type assertions they are structural: any object
 * with the methods of the interface passes, not only fw's own classes.
 */

type Methods = Record<string, unknown>;

/**
 * @internal On the prototype of each of fw's context classes: the method lists it implements, so
 * the guards answer for them in one lookup. {@link brandContext} sets it.
 */
export const CONTEXT_KINDS: unique symbol = Symbol('fw.contextKinds');

/** @internal Whether `ctx` has every method of `names`: through its brand, else by name. */
export function hasMethods(ctx: unknown, names: readonly string[]): ctx is Methods {
  if (typeof ctx !== 'object' || ctx === null) return false;
  // fw's own contexts say which lists they implement, on their prototype: no lookups per name.
  const kinds = (ctx as Partial<Record<typeof CONTEXT_KINDS, ReadonlySet<readonly string[]>>>)[
    CONTEXT_KINDS
  ];
  if (kinds?.has(names) === true) return true;
  for (const name of names) if (typeof (ctx as Methods)[name] !== 'function') return false;
  return true;
}

/** @internal Brands `prototype` with those of `lists` it passes, checked once, here, by name. */
export function brandContext(prototype: object, lists: readonly (readonly string[])[]): void {
  const kinds = new Set<readonly string[]>();
  for (const names of lists) if (hasMethods(prototype, names)) kinds.add(names);
  Object.defineProperty(prototype, CONTEXT_KINDS, { value: kinds, enumerable: false });
}

/** @internal Every method of `ExecutionContext`, its carriers' included. */
export const EXECUTION_METHODS: readonly string[] = [
  'method',
  'path',
  'params',
  'pathKeys',
  'header',
  'queries',
  'set',
  'get',
  'has',
  'context',
  'eventBus',
  'requestId',
];
