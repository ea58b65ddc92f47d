/**
 * The instances a test puts in place of the app's own: `overrides` and `providers`, where
 * `providers: [instance]` is shorthand for `override(instance.constructor, instance)`.
 */

import { appChecks, shown } from '../core/options.js';
import type { GraphKey } from './bindings.js';
import type { Override } from './di.js';

/** One replaced instance, and the option that replaced it (for messages). */
export interface Replacement {
  readonly value: unknown;
  readonly from: 'providers' | 'overrides';
}

/**
 * Every replaced instance by key, checked: `providers` holds objects, `overrides` entries made by
 * `override`, and no key is replaced twice (across both options).
 */
export function replacementsOf(
  providers: readonly object[] = [],
  overrides: readonly Override[] = [],
): ReadonlyMap<GraphKey, Replacement> {
  const byKey = new Map<GraphKey, Replacement>();
  const add = (key: GraphKey, replacement: Replacement) => {
    const first = byKey.get(key);
    if (first !== undefined) {
      const twice = first.from === replacement.from ? 'twice' : 'in both providers and overrides';
      appChecks.invalid(replacement.from, 'one value per key', `${keyName(key)} ${twice}`);
    }
    byKey.set(key, replacement);
  };
  for (const value of providers) {
    if (typeof value !== 'object' || value === null) {
      appChecks.invalid('providers', 'an array of instances', shown(value));
    }
    add(value.constructor as GraphKey, { value, from: 'providers' });
  }
  for (const entry of overrides) {
    const key: unknown = (entry as Partial<Override> | null)?.key;
    if (typeof key !== 'function') {
      appChecks.invalid(
        'overrides',
        'an array of override(key, value), each key a class or a provider constant',
        `an entry whose key is ${String(key)}`,
      );
    }
    add(key as GraphKey, { value: entry.value, from: 'overrides' });
  }
  return byKey;
}

/**
 * How messages name a key: its name, or the source of an unnamed function (a provider constant's
 * function has no name of its own: `provider(() => …)` passes it as an argument).
 */
export function keyName(key: GraphKey): string {
  if (key.name !== '') return key.name;
  const source = Function.prototype.toString.call(key).replace(/\s+/g, ' ');
  return `the provider ${source.length > 60 ? `${source.slice(0, 57)}...` : source}`;
}
