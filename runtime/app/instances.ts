/**
 * Where an app takes its controllers, interceptors and `app.get` answers from: the generated
 * object graph ({@link GraphInstances} in graph.ts), or, for hand-written bindings without one,
 * {@link Instances}: the instance in `providers` (or `overrides`) when there is one, otherwise one
 * the app creates with no arguments, once per class.
 */
import { FwError } from '../core/errors.js';
import type { Class, GraphKey } from './bindings.js';
import { keyName, type Replacement } from './overrides.js';

/** A class the routes or the options need an instance of, and who needs it (for messages). */
export interface Wanted {
  readonly type: Class;
  readonly name: string;
  readonly by: string;
}

/** One instance of the graph, with its key's name for messages. */
export interface Managed {
  readonly key: string;
  readonly instance: unknown;
}

/** The instances of one app. @internal */
export interface AppInstances {
  /** True when {@link AppInstances.build} waits for a provider, and so runs in `start()`. */
  readonly async: boolean;
  /** Creates the instances; called once, until it succeeds. */
  build(): void | Promise<void>;
  /** The instance of a controller or interceptor class, once built; `name` for messages. */
  need<T>(type: Class<T>, name: string): T;
  /** What `app.get(key)` answers. */
  get(key: GraphKey): unknown;
  /** The instances `start()` initialises and `close()` closes, in dependency order. */
  managed(): readonly Managed[];
}

/** The instances of hand-written bindings without a graph: created on first need. */
export class Instances implements AppInstances {
  readonly async = false;
  readonly #byKey = new Map<GraphKey, unknown>();

  constructor(replacements: ReadonlyMap<GraphKey, Replacement> = new Map()) {
    for (const [key, { value }] of replacements) this.#byKey.set(key, value);
  }

  build(): void {}

  /** The instance of `type`: the one given, else one created with no arguments. */
  need<T>(type: Class<T>, name = type.name): T {
    if (this.#byKey.has(type)) return this.#byKey.get(type) as T;
    if (type.length > 0) throw new FwError('FW_ERR_CONSTRUCTOR_ARGS', { name });
    const instance = new (type as unknown as new () => T)();
    this.#byKey.set(type, instance);
    return instance;
  }

  get(key: GraphKey): unknown {
    if (this.#byKey.has(key)) return this.#byKey.get(key);
    throw new FwError('FW_ERR_NOT_PROVIDED', {
      key: keyName(key),
      reason:
        'the bindings have no object graph: they hold only the controllers, their interceptors ' +
        'and what providers or overrides give',
    });
  }

  managed(): readonly Managed[] {
    return [];
  }
}
