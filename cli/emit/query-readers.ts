/**
 * The query readers of a generated module: one function per `Query<T>` type, which reads the
 * request's `Values` into a fresh object, one plain statement per property. Each statement calls
 * `oneValue` or `allValues` of `fw/query`, which parse with the `Values` rules and throw the 400
 * that names the key; an optional property is read only when its key is there, and left out
 * otherwise. The literals a property accepts are a module constant, made once.
 */
import type { ControllerModel, QueryModel } from '../ir.js';
import { call, list, quote, when } from './layout.js';
import type { Names } from './names.js';

/** One generated reader function. */
export interface ReaderFunction {
  /** The lines of the comment above it: the type id. */
  readonly comments: readonly string[];
  /** The constants it reads its literals from, each a whole statement at column 0. */
  readonly constants: readonly string[];
  readonly name: string;
  /** `q: Values`, or `_q: Values` for a type without properties. */
  readonly params: string;
  /** Its statements, laid out for column 2. */
  readonly body: readonly string[];
}

/** The reader code of one module. */
export interface Readers {
  readonly functions: readonly ReaderFunction[];
  /** The reader of each `Query<T>` type, by the type's id. */
  readonly readers: ReadonlyMap<string, string>;
  /** The `fw/query` exports the code uses. */
  readonly helpers: ReadonlySet<string>;
}

/**
 * Writes one reader per `Query<T>` type the handlers of `controllers` take, sorted by type id.
 * Names are claimed from `names`: `read<Name>` per type, `read<Name>_<property>` per set of
 * literals.
 */
export function buildReaders(controllers: readonly ControllerModel[], names: Names): Readers {
  const models = new Map<string, QueryModel>();
  for (const c of controllers) {
    for (const h of c.handlers) {
      for (const p of h.params) if (p.query !== undefined) models.set(p.query.id, p.query);
    }
  }
  const helpers = new Set<string>();
  const readers = new Map<string, string>();
  const functions = [...models.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((m) => {
      const name = names.claim(`read${identifierPart(m.name)}`);
      readers.set(m.id, name);
      const constants: string[] = [];
      const body = ['const out: Record<string, unknown> = {};'];
      for (const f of m.fields) {
        const read = f.array ? 'allValues' : 'oneValue';
        helpers.add(read);
        const args = ['q', quote(f.name), quote(f.kind)];
        if (f.values !== undefined) {
          const constant = names.claim(`${name}_${identifierPart(f.name)}`);
          const items = f.values.map((v) => (typeof v === 'string' ? quote(v) : String(v)));
          constants.push(`${list(0, `const ${constant} = `, '[', items, ';')};`);
          args.push(constant);
        }
        const assign = (indent: number) =>
          `${call(indent, `out[${quote(f.name)}] = `, read, args, ';')};`;
        body.push(f.optional ? when(2, [`q.has(${quote(f.name)})`], assign) : assign(2));
      }
      body.push('return out;');
      const params = m.fields.length === 0 ? '_q: Values' : 'q: Values';
      return { comments: [m.id], constants, name, params, body };
    });
  if (functions.length > 0) helpers.add('Values');
  return { functions, readers, helpers };
}

/** A type's name as part of an identifier: `Partial<ListFilter>` → `Partial_ListFilter`. */
function identifierPart(name: string): string {
  const part = name.replace(/[^\p{ID_Continue}$]+/gu, '_').replace(/^_+|_+$/g, '');
  return part === '' ? '_' : part;
}
