/**
 * Watch mode renders again after every edit, and most named types and controllers are the same
 * objects as the last time (the analyzer keeps the models of the files an edit cannot reach). The
 * functions built for such an object (a type's checker or writer, a controller's handlers' writers,
 * with the nested functions they need) are kept per object, with a {@link Trace} of what building
 * them read from (and added to) the rest of the module and which names they claimed. They are used
 * again only when every read gives the same answer and every claim, made again at the same point
 * of the module's build, gets the same name: the module is then the one a fresh build writes,
 * names and all.
 */
import type { NamedType } from '../ir.js';
import type { Names } from './names.js';

/** What a build reads by key: the model's types, the names of other types' functions. */
export interface Lookup<V> {
  get(key: string): V | undefined;
}

/**
 * What a build reads by key: the model's types, the names of other types' functions; and what it
 * reads and adds to: the functions made for shapes several types can share (a writer's unions).
 */
export interface Sources {
  readonly types: Lookup<NamedType>;
  readonly functions: Lookup<string>;
  readonly shared: Map<string, string>;
}

type Step =
  | { readonly source: keyof Sources; readonly key: string; readonly value: unknown }
  | { readonly set: string; readonly value: string };

/** What one type's build read, added and claimed, in order, and the helpers its functions call. */
export class Trace {
  readonly #claims: (readonly [base: string, name: string])[] = [];
  readonly #steps: Step[] = [];
  readonly #sources: Sources;
  helpers: ReadonlySet<string> = new Set();

  constructor(sources: Sources) {
    this.#sources = sources;
  }

  /** The sources as the build reads them: every read and addition is recorded. */
  recording(): Sources {
    const get =
      (source: keyof Sources) =>
      (key: string): never => {
        const value = this.#sources[source].get(key);
        this.#steps.push({ source, key, value });
        return value as never;
      };
    const shared = new Map<string, string>();
    shared.get = get('shared');
    shared.set = (key, value) => {
      this.#sources.shared.set(key, value);
      this.#steps.push({ set: key, value });
      return shared;
    };
    return { types: { get: get('types') }, functions: { get: get('functions') }, shared };
  }

  /** Claims `base` in `names`, recorded. */
  claim(names: Names, base: string): string {
    const name = names.claim(base);
    this.#claims.push([base, name]);
    return name;
  }

  /**
   * Whether building again over `sources` and `names` would read and claim the same; when it
   * would, the names are claimed as that build would have claimed them.
   */
  holds(sources: Sources, names: Names): boolean {
    const added = new Map<string, string>();
    for (const step of this.#steps) {
      if ('set' in step) added.set(step.set, step.value);
      else if (step.source === 'shared' && added.has(step.key)) {
        if (added.get(step.key) !== step.value) return false;
      } else if (sources[step.source].get(step.key) !== step.value) return false;
    }
    if (!names.replay(this.#claims)) return false;
    for (const [key, value] of added) sources.shared.set(key, value);
    return true;
  }
}

/** What was built for one type (or one controller's handlers), and how it was made. */
export interface Kept<R> {
  /** The name of the type's own function, given before the build. */
  readonly name: string;
  readonly trace: Trace;
  readonly made: R;
}

/** Kept builds per model object (a type, a controller), for one kind of function. */
export class BuildCache<K extends object, R> {
  readonly #kept = new WeakMap<K, Kept<R>>();

  /** The build of `key` kept under `name` when its trace holds, else `build()`'s, kept. */
  get(key: K, name: string, sources: Sources, names: Names, build: (trace: Trace) => R): Kept<R> {
    const kept = this.#kept.get(key);
    if (kept !== undefined && kept.name === name && kept.trace.holds(sources, names)) return kept;
    const trace = new Trace(sources);
    const made = { name, trace, made: build(trace) };
    this.#kept.set(key, made);
    return made;
  }
}
