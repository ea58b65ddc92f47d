/**
 * Dependency injection as fwgen generates it (docs/API.md, "Dependency injection"): `provider`
 * and `@Injectable()` mark what fwgen reads and do nothing at run time; `override` replaces an
 * instance of the generated graph, for tests.
 */
import type { GraphKey, InstanceOf } from './bindings.js';

/**
 * Declares how the app gets a `T` that is not a plain class: an interface, a configuration, a
 * connection. fwgen reads the function's parameter types (each one injected) and its written
 * return type (`T`, or `Promise<T>`: awaited during `start()`); at run time it returns `fn`.
 * @example export const db = provider(async (c: AppConfig): Promise<Database> => connect(c.url));
 */
// biome-ignore lint/suspicious/noExplicitAny: a provider's parameters are whatever it declares
export function provider<F extends (...args: any[]) => unknown>(fn: F): F {
  return fn;
}

/** One replaced instance: see {@link override}. */
export interface Override {
  readonly key: GraphKey;
  readonly value: unknown;
}

/**
 * Replaces the instance of `key` (a class or a provider constant) with `value`, which must have
 * the key's instance type: dependents get `value`, and what only the replaced instance needed is
 * not created. @example createApp({ bindings, overrides: [override(UserStore, fakeStore)] })
 */
export function override<K extends GraphKey>(key: K, value: InstanceOf<K>): Override {
  return { key, value };
}
