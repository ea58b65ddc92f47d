/** @internal What a validator checks when `Object.prototype` is polluted. */

/**
 * A copy of a decoded value whose objects have a null prototype (arrays stay arrays), made
 * without recursion so no depth of nesting can overflow the stack.
 */
export function ownOnly(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const root = shallowCopy(input);
  const pending: Record<string, unknown>[] = [root];
  for (let o = pending.pop(); o !== undefined; o = pending.pop()) {
    for (const name of Object.keys(o)) {
      const value = o[name];
      if (typeof value !== 'object' || value === null) continue;
      const copy = shallowCopy(value);
      o[name] = copy;
      pending.push(copy);
    }
  }
  return root;
}

function shallowCopy(value: object): Record<string, unknown> {
  if (Array.isArray(value)) return value.slice() as unknown as Record<string, unknown>;
  const copy: Record<string, unknown> = Object.create(null);
  for (const name of Object.keys(value)) copy[name] = (value as Record<string, unknown>)[name];
  return copy;
}
