/**
 * The single instances of controllers and route interceptors: the one in `providers` when there is
 * one, otherwise one the app creates with no arguments, once per class.
 */
import { FwError } from '../errors.js';
import type { Class } from './bindings.js';

/** Creates or finds one instance per class. */
export class Instances {
  readonly #byClass = new Map<Class, unknown>();

  constructor(providers: readonly object[] = []) {
    for (const provider of providers) {
      if (typeof provider !== 'object' || provider === null) {
        throw new FwError('FW_ERR_INVALID_OPTION', {
          option: 'providers',
          expected: 'an array of instances',
          got: String(provider),
        });
      }
      this.#byClass.set(provider.constructor as Class, provider);
    }
  }

  /** The instance of `type`, created on first request; `name` is used in the error message. */
  get<T>(type: Class<T>, name = type.name): T {
    if (this.#byClass.has(type)) return this.#byClass.get(type) as T;
    if (type.length > 0) throw new FwError('FW_ERR_CONSTRUCTOR_ARGS', { name });
    const instance = new (type as unknown as new () => T)();
    this.#byClass.set(type, instance);
    return instance;
  }
}
