/**
 * The generated object graph at run time. The overrides and the roots decide, before anything is
 * created, which instances the app needs: those the roots reach through `needs`, without going
 * past an overridden instance, whose dependencies only it needed. The generated `build` then
 * creates them in dependency order through `make`, which answers an override in place of the
 * instance and skips what nothing needs.
 */

import { FwError } from '../core/errors.js';
import { isPromise } from '../core/pipeline/pipeline.js';
import type { Class, Graph, GraphKey, Make } from './bindings.js';
import type { AppInstances, Managed, Wanted } from './instances.js';
import { keyName, type Replacement } from './overrides.js';

/** The instances of an app whose bindings carry a graph. @internal */
export class GraphInstances implements AppInstances {
  readonly async: boolean;
  readonly #graph: Graph;
  readonly #index = new Map<GraphKey, number>();
  readonly #overrides = new Map<number, unknown>();
  readonly #needed: readonly boolean[];
  #built: readonly unknown[] | undefined;

  /**
   * Checks the replacements and `wanted` (the controllers and interceptors, which are roots too)
   * against the graph's keys, and decides what the app needs.
   */
  constructor(
    graph: Graph,
    replacements: ReadonlyMap<GraphKey, Replacement>,
    wanted: readonly Wanted[],
  ) {
    this.#graph = graph;
    this.async = graph.async === true;
    for (const [i, key] of graph.keys.entries()) this.#index.set(key, i);
    for (const [key, { value, from }] of replacements) {
      const reason = `createApp({ ${from} }) replaces only an instance of the graph`;
      this.#overrides.set(this.#indexOf(key, reason), value);
    }
    const roots = [...graph.roots, ...wanted.map((w) => this.#indexOf(w.type, w.by, w.name))];
    this.#needed = needed(graph, roots, new Set(this.#overrides.keys()));
  }

  build(): void | Promise<void> {
    const make: Make = <T>(i: number, create: () => T): T => {
      if (this.#overrides.has(i)) return this.#overrides.get(i) as T;
      return (this.#needed[i] === true ? create() : undefined) as T;
    };
    const built = this.#graph.build(make);
    if (!isPromise(built)) {
      this.#built = built;
      return;
    }
    if (!this.async) {
      throw new TypeError(
        'fw: graph.build returned a promise, but the graph is not marked async; regenerate the bindings with fwgen',
      );
    }
    return built.then((instances) => {
      this.#built = instances;
    });
  }

  need<T>(type: Class<T>, name: string): T {
    return this.#instance(this.#indexOf(type, undefined, name), name) as T;
  }

  get(key: GraphKey): unknown {
    const i = this.#indexOf(key);
    if (this.#needed[i] !== true) {
      throw new FwError('FW_ERR_NOT_PROVIDED', {
        key: this.#nameOf(i),
        reason: 'only what the overrides replaced needed it, so it was not created',
      });
    }
    return this.#instance(i, this.#nameOf(i));
  }

  managed(): readonly Managed[] {
    return this.#graph.keys.flatMap((_key, i) => {
      if (this.#needed[i] !== true) return [];
      const name = this.#nameOf(i);
      return [{ key: name, instance: this.#instance(i, name) }];
    });
  }

  /** How messages name instance `i`: as the graph names it, else by its key. */
  #nameOf(i: number): string {
    return this.#graph.names?.[i] ?? keyName(this.#graph.keys[i] as GraphKey);
  }

  /** Instance `i`: its override, or what `build` made; `name` for the error before then. */
  #instance(i: number, name: string): unknown {
    if (this.#built === undefined) throw new FwError('FW_ERR_NOT_STARTED', { key: name });
    return this.#overrides.has(i) ? this.#overrides.get(i) : this.#built[i];
  }

  /** The index of `key`; throws FW_ERR_NOT_PROVIDED, naming it, when the graph lacks it. */
  #indexOf(key: GraphKey, reason?: string, name = keyName(key)): number {
    const i = this.#index.get(key);
    if (i === undefined) throw new FwError('FW_ERR_NOT_PROVIDED', { key: name, reason });
    return i;
  }
}

/**
 * Which instances the app needs: what `roots` reach through `needs`, not going past an overridden
 * instance. An overridden one is always part of the app: `app.get` answers it, and its `onInit`
 * and `onClose` run.
 */
function needed(
  graph: Graph,
  roots: readonly number[],
  overridden: ReadonlySet<number>,
): boolean[] {
  const reached = graph.keys.map(() => false);
  const pending = [...roots, ...overridden];
  for (let i = pending.pop(); i !== undefined; i = pending.pop()) {
    if (reached[i] === true) continue;
    reached[i] = true;
    if (!overridden.has(i)) pending.push(...(graph.needs[i] ?? []));
  }
  return reached;
}
