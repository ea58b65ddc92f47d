/**
 * What the OpenAPI and AsyncAPI documents read from the model alike: the document's `info`, the
 * named types the handlers refer to (with every type they refer to in turn), the text of a JSDoc
 * comment, and the label of each controller class (its name, qualified when two share it).
 */
import type {
  AppModel,
  ControllerModel,
  DocComment,
  HandlerModel,
  NamedType,
  Shape,
} from '../ir.js';
import { compareText } from '../ir.js';
import { componentNames, componentSchemas, type JsonSchema } from './schemas.js';

/**
 * Where both documents keep the schemas of named types: OpenAPI 3.1 and AsyncAPI 3.0 each have a
 * `components.schemas` map, and a `$ref` points into it.
 */
export const REF_BASE = '#/components/schemas/';

/** The `info` of a document: from the project's package.json, or `--title`/`--api-version`. */
export interface DocumentInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/** The Info Object, keys in a fixed order, `description` only when there is one. */
export function infoObject(info: DocumentInfo): Record<string, unknown> {
  return {
    title: info.title,
    version: info.version,
    ...(info.description !== undefined &&
      info.description !== '' && { description: info.description }),
  };
}

/**
 * Every named type of the model by id: validated bodies and payloads, answers' types and the
 * types only the documents refer to; a type in several lists is the same type.
 */
export function typeIndex(model: AppModel): ReadonlyMap<string, NamedType> {
  const index = new Map<string, NamedType>();
  for (const t of [...model.types, ...(model.responses ?? []), ...(model.documented ?? [])]) {
    if (!index.has(t.id)) index.set(t.id, t);
  }
  return index;
}

/** Adds the id of every named type `shape` refers to directly to `into`. */
export function shapeRefs(shape: Shape, into: Set<string>): void {
  switch (shape.kind) {
    case 'ref':
      into.add(shape.id);
      return;
    case 'array':
      shapeRefs(shape.element, into);
      return;
    case 'record':
      shapeRefs(shape.value, into);
      return;
    case 'tuple':
      for (const e of shape.elements) shapeRefs(e, into);
      return;
    case 'union':
      for (const m of shape.members) shapeRefs(m, into);
      return;
    case 'object':
      for (const p of shape.properties) shapeRefs(p.shape, into);
      return;
    default:
      return;
  }
}

/** A document's `components.schemas`, and the component name of each type id in it. */
export interface Components {
  /** The schemas by component name, sorted. */
  readonly schemas: Record<string, JsonSchema>;
  /** Type id to component name (see {@link componentNames}), for the `$ref`s. */
  readonly names: ReadonlyMap<string, string>;
}

/**
 * The components of a document: every named type the handlers read (a body or payload) or answer
 * with as JSON, the types `alsoIds` name, and every type those refer to in turn.
 */
export function components(
  model: AppModel,
  handlers: Iterable<HandlerModel>,
  alsoIds: Iterable<string> = [],
): Components {
  const ids = new Set<string>(alsoIds);
  for (const h of handlers) {
    for (const p of h.params) if (p.validate !== undefined) ids.add(p.validate);
    for (const a of h.answers ?? []) if (a.body.kind === 'json') shapeRefs(a.body.shape, ids);
  }
  const types = referencedTypes(ids, typeIndex(model));
  const names = componentNames(types);
  return { schemas: componentSchemas(types, names, REF_BASE), names };
}

/**
 * The types `ids` name and every type those refer to, sorted by id: what `components.schemas`
 * holds. Throws for an id the model does not define, which is a bug of the analyzer.
 */
export function referencedTypes(
  ids: Iterable<string>,
  index: ReadonlyMap<string, NamedType>,
): NamedType[] {
  const found = new Map<string, NamedType>();
  const pending = [...ids];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    const type = index.get(id);
    if (type === undefined) {
      throw new Error(`fwgen: the model refers to type ${id}, which none of its type lists holds`);
    }
    found.set(id, type);
    const refs = new Set<string>();
    shapeRefs(type.shape, refs);
    pending.push(...refs);
  }
  return [...found.values()].sort((a, b) => compareText(a.id, b.id));
}

/** The summary and the description of a JSDoc comment as one text, or undefined. */
export function docText(doc: DocComment | undefined): string | undefined {
  const parts = [doc?.summary, doc?.description].filter((s) => s !== undefined && s !== '');
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/**
 * Each controller's label in both documents (tags, operation ids): its class name, or, when
 * classes in several files share it, the name qualified by as many trailing path segments of its
 * file as tell them apart (`a.users.UserController` beside `b.users.UserController`), as
 * `componentNames` qualifies types.
 */
export function controllerLabels(
  controllers: readonly ControllerModel[],
): ReadonlyMap<ControllerModel, string> {
  const groups = new Map<string, ControllerModel[]>();
  for (const c of controllers) groups.set(c.name, [...(groups.get(c.name) ?? []), c]);
  const labels = new Map<ControllerModel, string>();
  for (const [name, group] of groups) {
    const qualified = group.length === 1 ? [name] : qualify(name, group);
    group.forEach((c, i) => {
      labels.set(c, qualified[i] as string);
    });
  }
  return labels;
}

function qualify(name: string, group: readonly ControllerModel[]): string[] {
  const segments = group.map((c) => c.at.file.replace(/\.[cm]?tsx?$/, '').split('/'));
  const longest = Math.max(...segments.map((s) => s.length));
  for (let k = 1; k <= longest; k++) {
    const labels = segments.map((s) => [...s.slice(-k), name].join('.'));
    if (new Set(labels).size === labels.length) return labels;
  }
  return segments.map((s, i) => `${[...s, name].join('.')}_${i + 1}`);
}
