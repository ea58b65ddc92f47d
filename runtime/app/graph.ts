/**
 * The generated object graph at run time. Its `build` registers each instance and gets back a
 * getter that makes the instance when first called, after the instances its factory calls for.
 * The app makes the roots and what it wants (controllers, interceptors) through those getters, so
 * only what they reach is made; an override answers in place of its instance, whose factory never
 * runs, and so neither do those of the instances only it needed.
 *
 * An async provider's instance is awaited before anything is made from it: its getter, asked
 * before the promise has settled, stops the factory that asked (with {@link NotReady}, before that
 * factory has made anything, since arguments are evaluated before the call they are passed to),
 * and the app makes the root again once it has. What was made before is kept, so each factory
 * makes its instance once, and generated factories need no `async` or `await`.
 */
import { FwError } from '../core/errors.js';
import { isPromise } from '../core/pipeline/pipeline.js';
import type { Class, Graph, GraphKey, Register } from './bindings.js';
import type { AppInstances, Managed, Wanted } from './instances.js';
import { keyName, type Replacement } from './overrides.js';

/** One registered instance. */
interface Entry {
  readonly key: GraphKey;
  /** How messages and logs name it. */
  readonly name: string;
  readonly root: boolean;
  readonly create: () => unknown;
  /** Once made: the instance (an async provider's, once settled). */
  made?: { readonly value: unknown };
  /** An async provider's promise, until it settles. */
  pending?: Promise<void>;
}

/** Thrown by the getter of an async instance that is not ready yet; the app awaits `ready`. */
class NotReady extends Error {
  readonly ready: Promise<void>;
  constructor(name: string, ready: Promise<void>) {
    super(`fw: ${name} comes from an async provider and is not ready yet`);
    this.ready = ready;
  }
}

/** The instances of an app whose bindings carry a graph. @internal */
export class GraphInstances implements AppInstances {
  readonly async: boolean;
  readonly #graph: Graph;
  readonly #overrides = new Map<GraphKey, unknown>();
  readonly #wanted: ReadonlySet<GraphKey>;
  #entries: ReadonlyMap<GraphKey, Entry>;
  #attempted = false;
  #built = false;

  /**
   * Registers the graph and checks the replacements and `wanted` (the controllers and
   * interceptors, which the app makes as it makes the roots) against its keys. Makes nothing.
   */
  constructor(
    graph: Graph,
    replacements: ReadonlyMap<GraphKey, Replacement>,
    wanted: readonly Wanted[],
  ) {
    this.#graph = graph;
    this.async = graph.async === true;
    this.#entries = this.#register();
    for (const [key, { value, from }] of replacements) {
      this.#entryOf(key, `createApp({ ${from} }) replaces only an instance of the graph`);
      this.#overrides.set(key, value);
    }
    for (const w of wanted) this.#entryOf(w.type, w.by, w.name);
    this.#wanted = new Set(wanted.map((w) => w.type));
  }

  build(): void | Promise<void> {
    // A retry after a failed start registers afresh: nothing half-made is kept.
    if (this.#attempted) this.#entries = this.#register();
    this.#attempted = true;
    const forced = [...this.#entries.values()].filter((e) => e.root || this.#wanted.has(e.key));
    if (!this.async) {
      for (const entry of forced) this.#make(entry);
      this.#built = true;
      return;
    }
    return (async () => {
      for (const entry of forced) {
        for (;;) {
          try {
            this.#make(entry);
            break;
          } catch (err) {
            if (!(err instanceof NotReady)) throw err;
            await err.ready;
          }
        }
      }
      this.#built = true;
    })();
  }

  need<T>(type: Class<T>, name: string): T {
    return this.#instance(this.#entryOf(type, undefined, name)) as T;
  }

  get(key: GraphKey): unknown {
    const entry = this.#entryOf(key);
    if (this.#built && !this.#overrides.has(key) && entry.made === undefined) {
      throw new FwError('FW_ERR_NOT_PROVIDED', {
        key: entry.name,
        reason:
          this.#overrides.size > 0
            ? 'only what the overrides replaced needed it, so it was not created'
            : 'nothing the app runs needs it, so it was not created',
      });
    }
    return this.#instance(entry);
  }

  /** What was made or overridden, in the order the graph registered it: a dependency order. */
  managed(): readonly Managed[] {
    return [...this.#entries.values()].flatMap((entry) => {
      if (entry.made === undefined && !this.#overrides.has(entry.key)) return [];
      return [{ key: entry.name, instance: this.#instance(entry) }];
    });
  }

  /** Runs the graph's `build`, which registers every instance and makes none. */
  #register(): ReadonlyMap<GraphKey, Entry> {
    const entries = new Map<GraphKey, Entry>();
    const register =
      (root: boolean): Register =>
      (key, create, name) => {
        const entry: Entry = { key, name: name ?? keyName(key), root, create };
        entries.set(key, entry);
        return () => this.#make(entry) as Awaited<ReturnType<typeof create>>;
      };
    this.#graph.build({ root: register(true), make: register(false) });
    return entries;
  }

  /**
   * What the getter of `entry` answers: its override, else its instance, made on the first call.
   * Throws {@link NotReady} while an async provider's promise is pending.
   */
  #make(entry: Entry): unknown {
    if (this.#overrides.has(entry.key)) return this.#overrides.get(entry.key);
    if (entry.made !== undefined) return entry.made.value;
    if (entry.pending === undefined) {
      const value = entry.create();
      if (!isPromise(value)) {
        entry.made = { value };
        return value;
      }
      if (!this.async) {
        throw new TypeError(
          `fw: the graph made ${entry.name} as a promise, but it is not marked async; regenerate the bindings with fwgen`,
        );
      }
      entry.pending = value.then((settled) => {
        entry.made = { value: settled };
      });
    }
    throw new NotReady(entry.name, entry.pending);
  }

  /** The instance of `entry` once the graph is built: its override, or what was made. */
  #instance(entry: Entry): unknown {
    if (!this.#built) throw new FwError('FW_ERR_NOT_STARTED', { key: entry.name });
    return this.#overrides.has(entry.key) ? this.#overrides.get(entry.key) : entry.made?.value;
  }

  /** The entry of `key`; throws FW_ERR_NOT_PROVIDED, naming it, when the graph lacks it. */
  #entryOf(key: GraphKey, reason?: string, name = keyName(key)): Entry {
    const entry = this.#entries.get(key);
    if (entry === undefined) throw new FwError('FW_ERR_NOT_PROVIDED', { key: name, reason });
    return entry;
  }
}
