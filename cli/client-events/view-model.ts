/**
 * The model turned into what `templates/client-events.hbs` prints: the events the app consumes
 * (`@OnEvent`) by name, their payload types written out, the bindings' checkers of those types,
 * and the bindings' writer of each event the app itself publishes, so that the publisher checks a
 * payload as the app's consumer will and writes it as the app's `publishEvents` does.
 */
import { components, referencedTypes } from '../api-documents/shared.js';
import { TypePrinter } from '../emit/declarations.js';
import { type ImportedName, planImports } from '../emit/imports.js';
import { quote } from '../emit/layout.js';
import { FIXED_NAMES, Names, SERIALIZE_EXPORTS, VALIDATE_EXPORTS } from '../emit/names.js';
import { buildCheckers } from '../emit/validators.js';
import type { CheckerView, ImportView, WriterView } from '../emit/view.js';
import { buildWriters } from '../emit/writers.js';
import { type AppModel, compareText, type HandlerModel, type NamedType } from '../ir.js';

/** The names the module declares or imports besides the generated types and functions. */
const MODULE_NAMES = [
  ...['Date', 'EventCodec', 'EventName', 'Events', 'Publisher', 'PublisherOptions'],
  ...['Transport', 'TypedPublisher', 'codecs', 'createPublisher', 'typedPublisher'],
];

/** The type-only names among `fw/validate`'s exports. */
const VALIDATE_TYPES = new Set(['Checker', 'Issues', 'Key']);

/** What `client-events.hbs` prints. */
export interface ClientEventsView {
  readonly src: string;
  readonly imports: readonly ImportView[];
  readonly declarations: readonly { readonly text: string }[];
  readonly hasEvents: boolean;
  readonly events: readonly EventView[];
  /** The event names as a union of literals, `never` when the app consumes none. */
  readonly eventNames: string;
  readonly checkers: readonly CheckerView[];
  readonly writers: readonly WriterView[];
}

/** One event name the app consumes. */
export interface EventView {
  /** The name, quoted: a property key of `Events` and of the codecs. */
  readonly key: string;
  /** Its payload's type: the consumers' types (all of them, `&`), or `unknown`. */
  readonly type: string;
  /** The validators the payload must pass, joined by `, `. */
  readonly validate: string;
  readonly hasWrite: boolean;
  /** The writer the app publishes the event with. */
  readonly write: string;
}

/** An event name the app consumes and the payload type ids its consumers declare. */
interface Consumed {
  readonly name: string;
  readonly types: readonly string[];
}

/** Builds the view of the publisher module of `model`. */
export function buildClientEventsView(model: AppModel): ClientEventsView {
  const names = new Names([
    ...FIXED_NAMES,
    ...VALIDATE_EXPORTS,
    ...SERIALIZE_EXPORTS,
    ...MODULE_NAMES,
  ]);
  const consumed = consumedEvents(model);
  const payloadIds = new Set(consumed.flatMap((e) => e.types));
  const payloadTypes = referencedTypes(payloadIds, indexOf(model.types));
  const typeNames = declaredNames(model, payloadTypes, names);
  const printer = new TypePrinter(typeNames, { readonlyArrays: true });
  const checkers = buildCheckers(payloadTypes, payloadIds, names);
  const eventNames = new Set(consumed.map((e) => e.name));
  const responses = new Map((model.responses ?? []).map((t) => [t.id, t] as const));
  const published = (model.published ?? []).filter(
    (e) => eventNames.has(e.name) && responses.has(e.type),
  );
  const written = referencedTypes(
    new Set(published.map((e) => e.type)),
    indexOf(model.responses ?? []),
  );
  const writers = buildWriters(written, [], names, published);
  const fixed: ImportedName[] = [
    { specifier: 'fw', name: 'Transport', type: true },
    { specifier: 'fw/publish', name: 'EventCodec', type: true },
    { specifier: 'fw/publish', name: 'TypedPublisher', type: true },
    { specifier: 'fw/publish', name: 'typedPublisher' },
    ...[...checkers.helpers].map((name) => ({
      specifier: 'fw/validate',
      name,
      type: VALIDATE_TYPES.has(name),
    })),
    ...[...writers.helpers]
      .filter((name) => name !== 'own' || !checkers.helpers.has('own'))
      .map((name) => ({ specifier: 'fw/serialize', name })),
  ];
  const validator = (id: string): string => {
    const name = checkers.names.get(id);
    if (name !== undefined) return name;
    throw new Error(`fwgen: an event's payload is checked against ${id}, not in the model's types`);
  };
  const events = consumed.map((e): EventView => {
    const write = writers.events.get(e.name);
    return {
      key: quote(e.name),
      type:
        e.types.length === 0
          ? 'unknown'
          : e.types.map((id) => typeNames.get(id) as string).join(' & '),
      validate: e.types.map(validator).join(', '),
      hasWrite: write !== undefined,
      write: write ?? '',
    };
  });
  return {
    src: model.src,
    imports: planImports(fixed, [], '', names).statements,
    declarations: payloadTypes.map((t) => ({ text: printer.declaration(t) })),
    hasEvents: events.length > 0,
    events,
    eventNames: events.length === 0 ? 'never' : events.map((e) => e.key).join(' | '),
    checkers: checkers.functions,
    writers: writers.functions,
  };
}

/**
 * Every event name an `@OnEvent` handler takes, sorted, with the payload types its handlers
 * declare (sorted by id, each once). A consumer that reads the raw payload declares none. When
 * consumers declare different types, the payload must be a value of each of them: its type is
 * their intersection, and every consumer's validator must accept it.
 */
export function consumedEvents(model: AppModel): Consumed[] {
  const byName = new Map<string, Set<string>>();
  for (const c of model.controllers) {
    if (c.kind !== 'events') continue;
    for (const h of c.handlers) {
      if (h.method !== 'EVENT') continue;
      const types = byName.get(h.path) ?? new Set<string>();
      const id = payloadType(h);
      if (id !== undefined) types.add(id);
      byName.set(h.path, types);
    }
  }
  return [...byName]
    .sort(([a], [b]) => compareText(a, b))
    .map(([name, types]) => ({ name, types: [...types].sort(compareText) }));
}

function payloadType(h: HandlerModel): string | undefined {
  return h.params.find((p) => p.validate !== undefined)?.validate;
}

/**
 * The identifier each payload type is declared as: its component name in the AsyncAPI document
 * (the same types named the same way), with what an identifier cannot hold made `_`, claimed from
 * `names` so that nothing else of the module has it.
 */
function declaredNames(
  model: AppModel,
  types: readonly NamedType[],
  names: Names,
): ReadonlyMap<string, string> {
  const handlers = model.controllers.filter((c) => c.kind !== 'http').flatMap((c) => c.handlers);
  const published = (model.published ?? []).map((e) => e.type);
  const component = components(model, handlers, published).names;
  return new Map(
    types.map((t) => {
      const base = (component.get(t.id) ?? t.name).replace(/[^A-Za-z0-9_$]/g, '_');
      return [t.id, names.claim(/^[0-9]/.test(base) ? `_${base}` : base)] as const;
    }),
  );
}

function indexOf(list: readonly NamedType[]): ReadonlyMap<string, NamedType> {
  return new Map(list.map((t) => [t.id, t] as const));
}
