/**
 * The query readers of a generated module: one function per `Query<T>` type, which reads the
 * request's `Values` into a fresh object, one plain statement per property. Each statement calls
 * `oneValue` or `allValues` of `fw/query`, which parse with the `Values` rules and throw the 400
 * that names the key; an optional property is read only when its key is there, and left out
 * otherwise. The literals a property accepts are a module constant, made once.
 * `templates/reader.hbs` writes each down.
 */
import type { ControllerModel, QueryModel } from '../ir.js';
import { compareText } from '../ir.js';
import { literal, quote } from './layout.js';
import { Helpers, type Names } from './names.js';
import type { ModulePart, ReaderView } from './view.js';

/**
 * Writes one reader per `Query<T>` type the handlers of `controllers` take, sorted by type id;
 * the readers by type id. Names are claimed from `names`: `read<Name>` per type,
 * `read<Name>_<property>` per set of literals.
 */
export function buildReaders(
  controllers: readonly ControllerModel[],
  names: Names,
): ModulePart<ReaderView> {
  const models = new Map<string, QueryModel>();
  for (const c of controllers) {
    for (const h of c.handlers) {
      for (const p of h.params) if (p.query !== undefined) models.set(p.query.id, p.query);
    }
  }
  const helpers = new Helpers();
  const readers = new Map<string, string>();
  const functions = [...models.values()]
    .sort((a, b) => compareText(a.id, b.id))
    .map((m): ReaderView => {
      const name = names.claim(`read${identifierPart(m.name)}`);
      readers.set(m.id, name);
      const constants: { name: string; values: string }[] = [];
      const fields = m.fields.map((f) => {
        const args = ['q', quote(f.name), quote(f.kind)];
        if (f.values !== undefined) {
          const constant = names.claim(`${name}_${identifierPart(f.name)}`);
          constants.push({ name: constant, values: f.values.map(literal).join(', ') });
          args.push(constant);
        }
        const read = helpers.use(f.array ? 'allValues' : 'oneValue');
        return { key: quote(f.name), optional: f.optional, read: `${read}(${args.join(', ')})` };
      });
      const parameter = m.fields.length === 0 ? '_q' : 'q';
      return { hasComment: true, comment: m.id, constants, name, parameter, fields };
    });
  if (functions.length > 0) helpers.use('Values');
  return { functions, names: readers, helpers: helpers.used };
}

/** A type's name as part of an identifier: `Partial<ListFilter>` → `Partial_ListFilter`. */
function identifierPart(name: string): string {
  const part = name.replace(/[^\p{ID_Continue}$]+/gu, '_').replace(/^_+|_+$/g, '');
  return part === '' ? '_' : part;
}
