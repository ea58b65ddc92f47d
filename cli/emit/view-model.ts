/**
 * The model turned into what the templates print (`view.ts`): every decision (order, names,
 * imports, quoting, each expression, which check a property gets) is made here and in the
 * builders it calls (`validators.ts`, `writers.ts`, `query-readers.ts`, `imports.ts`); the
 * templates give the file its shape.
 */
import { BINDINGS_VERSION } from '../../runtime/app/bindings.js';
import type {
  AppModel,
  ConsumerDelivery,
  ControllerModel,
  HandlerModel,
  ImportRef,
  ParamModel,
} from '../ir.js';
import { assertNever, compareText } from '../ir.js';
import { castImports, castParts, castText } from './casts.js';
import { FRESH_HELPERS, planFresh } from './fresh.js';
import { buildGraphView } from './graph.js';
import { type ImportedName, planImports, refKey } from './imports.js';
import { member, quote } from './layout.js';
import { Names } from './names.js';
import { buildReaders } from './query-readers.js';
import { buildCheckers } from './validators.js';
import type { BindingsView, ControllerView, HandlerView, ParameterView } from './view.js';
import { cachedView } from './view-cache.js';
import { buildWriters } from './writers.js';

/** The type-only names among `fw/validate`'s exports. */
const VALIDATE_TYPES = new Set(['Checker', 'Issues', 'Key']);

/** Builds the view of the module generated at `out` (a path from the project root). */
export function buildView(model: AppModel, out: string): BindingsView {
  const names = new Names();
  const sorted = [...model.controllers].sort(byFileAndName);
  const controllers = sorted.map(inPlaceOrder);
  const types = [...model.types].sort(byId);
  const validated = new Set(
    controllers.flatMap((c) =>
      c.handlers.flatMap((h) => h.params.flatMap((p) => p.validate ?? [])),
    ),
  );
  const checkers = buildCheckers(types, validated, names);
  const writers = buildWriters(
    [...(model.responses ?? [])].sort(byId),
    controllers,
    names,
    model.published,
  );
  const readers = buildReaders(controllers, names);
  const fresh = planFresh(controllers, [...types, ...(model.responses ?? [])], names);
  const instances = model.instances ?? [];
  const fixed: ImportedName[] = [
    { specifier: 'fw', name: 'Bindings', type: true },
    ...(controllers.length === 0 ? [] : [{ specifier: 'fw', name: 'defineController' }]),
    ...(instances.length === 0 ? [] : [{ specifier: 'fw', name: 'GraphBuilder', type: true }]),
    ...(fresh.empty ? [] : FRESH_HELPERS.map((name) => ({ specifier: 'fw', name, type: true }))),
    ...[...checkers.helpers].map((name) => ({
      specifier: 'fw/validate',
      name,
      type: VALIDATE_TYPES.has(name),
    })),
    // fw/serialize's `own` is fw/validate's: imported once, when the checkers use it too.
    ...[...writers.helpers]
      .filter((name) => name !== 'own' || !checkers.helpers.has('own'))
      .map((name) => ({ specifier: 'fw/serialize', name })),
    ...[...readers.helpers].map((name) => ({
      specifier: 'fw/query',
      name,
      type: name === 'Values',
    })),
  ];
  const casts = castImports(
    controllers.flatMap((c) => c.handlers.flatMap((h) => h.params.map(castParts))),
    names,
  );
  for (const f of casts.fixed) {
    if (!fixed.some((g) => g.specifier === f.specifier && g.name === f.name)) fixed.push(f);
  }
  const refs = controllers.flatMap((c) => [
    c.ref,
    ...c.interceptors,
    ...c.handlers.flatMap((h) => h.interceptors),
  ]);
  refs.push(...instances.map((n) => n.create.ref));
  const plan = planImports(fixed, refs, out, names, casts.refs);
  const local = (ref: ImportRef): string => plan.locals.get(refKey(ref, out)) as string;
  const named: Generated = {
    validator: nameOf(
      checkers.names,
      (id) => `a parameter is checked against ${id}, not in the model's types`,
    ),
    reader: nameOf(
      readers.names,
      (id) => `a parameter reads the query into ${id}, which has no reader`,
    ),
    writer: (key) => writers.names.get(key),
  };
  return {
    src: model.src,
    imports: plan.statements,
    checkers: checkers.functions,
    writers: writers.functions,
    readers: readers.functions,
    version: BINDINGS_VERSION,
    hasGraph: instances.length > 0,
    graph: instances.length === 0 ? undefined : buildGraphView(instances, local, names),
    hasControllers: controllers.length > 0,
    controllers: controllers.map((c, i) =>
      cachedView(sorted[i] as ControllerModel, namesOf(c, local, named), () =>
        controllerView(c, local, named),
      ),
    ),
    hasFresh: !fresh.empty,
    fresh: fresh.view(local),
    hasPublished: writers.events.size > 0,
    // `__proto__` as a written key would set the object's prototype; computed, it is a key.
    published: [...writers.events].map(([event, writer]) => ({
      event: event === '__proto__' ? `[${quote(event)}]` : quote(event),
      writer,
    })),
  };
}

/** The generated functions a controller's view names. */
interface Generated {
  /** The validator of a body or payload type, by type id. */
  readonly validator: (id: string) => string;
  /** The reader of a `Query<T>` type, by type id. */
  readonly reader: (id: string) => string;
  /** The response writer of a handler, by `Controller.handler`, when it has one. */
  readonly writer: (key: string) => string | undefined;
}

/** Looks a name up in `names`, failing with `missing(key)` when it is not there. */
function nameOf(
  names: ReadonlyMap<string, string>,
  missing: (key: string) => string,
): (key: string) => string {
  return (key) => {
    const name = names.get(key);
    if (name !== undefined) return name;
    throw new Error(`fwgen: ${missing(key)}`);
  };
}

/** One controller's view. */
function controllerView(
  c: ControllerModel,
  local: (ref: ImportRef) => string,
  named: Generated,
): ControllerView {
  return {
    type: local(c.ref),
    name: quote(c.name),
    source: quote(`${c.at.file}:${c.at.line}`),
    hasInterceptors: c.interceptors.length > 0,
    interceptors: c.interceptors.map(local).join(', '),
    hasDelivery: c.delivery !== undefined,
    delivery: c.delivery === undefined ? '' : deliveryView(c.delivery),
    hasHandlers: c.handlers.length > 0,
    handlers: c.handlers.map((h) => handlerView(c, h, local, named)),
  };
}

/** The type the invoker casts a parameter's argument to (`casts.ts`). */
function argumentType(
  c: ControllerModel,
  h: HandlerModel,
  p: ParamModel,
  local: (ref: ImportRef) => string,
): string {
  const parts = castParts(p);
  if (parts !== undefined) return castText(parts, p.optional, local);
  return `Parameters<${local(c.ref)}[${quote(h.name)}]>[${p.index}]`;
}

/**
 * Every name of the module that a controller's view uses besides its model: its view is the same
 * while these and the model are.
 */
function namesOf(c: ControllerModel, local: (ref: ImportRef) => string, named: Generated): string {
  const names = [local(c.ref), ...c.interceptors.map(local)];
  for (const h of c.handlers) {
    names.push('', ...h.interceptors.map(local), named.writer(`${c.name}.${h.name}`) ?? '');
    for (const p of h.params) {
      names.push(argumentType(c, h, p, local));
      if (p.validate !== undefined) names.push(named.validator(p.validate));
      if (p.query !== undefined) names.push(named.reader(p.query.id));
    }
  }
  return names.join('\n');
}

/** `{ group: 'billing' }` or `{ broadcast: true }`, as `@EventConsumer` takes them. */
function deliveryView(delivery: ConsumerDelivery): string {
  switch (delivery.kind) {
    case 'group':
      return `{ group: ${quote(delivery.group)} }`;
    case 'broadcast':
      return '{ broadcast: true }';
    default:
      return assertNever(delivery);
  }
}

function handlerView(
  c: ControllerModel,
  h: HandlerModel,
  local: (ref: ImportRef) => string,
  named: Generated,
): HandlerView {
  const params = [...h.params].sort((a, b) => a.index - b.index);
  params.forEach((p, i) => {
    if (p.index !== i) {
      throw new Error(
        `fwgen: ${c.name}.${h.name} has no parameter ${i} in the model (found ${p.index})`,
      );
    }
  });
  const serialize = named.writer(`${c.name}.${h.name}`);
  return {
    name: quote(h.name),
    method: quote(h.method),
    path: quote(h.path),
    source: quote(`${h.at.file}:${h.at.line}`),
    hasInterceptors: h.interceptors.length > 0,
    interceptors: h.interceptors.map(local).join(', '),
    hasParams: params.length > 0,
    params: params.map((p) => parameterView(p, named)),
    // One explicit call, each argument cast to the type its resolver produces (`casts.ts`), so a
    // parameter type changed since fwgen ran fails `tsc` here.
    invoke: {
      parameters: params.length === 0 ? 'c' : 'c, a',
      method: member('c', h.name),
      arguments: params.map((p, i) => `a[${i}] as ${argumentType(c, h, p, local)}`).join(', '),
    },
    hasSerialize: serialize !== undefined,
    serialize: serialize ?? '',
  };
}

/** A parameter's `ParameterMeta`, without what the runtime fills in (`index`, `optional: false`). */
function parameterView(p: ParamModel, named: Generated): ParameterView {
  return {
    name: quote(p.name),
    type: quote(p.type),
    hasPathKey: p.pathKey !== undefined,
    pathKey: p.pathKey === undefined ? '' : quote(p.pathKey),
    optional: p.optional,
    hasValidate: p.validate !== undefined,
    validate: p.validate === undefined ? '' : named.validator(p.validate),
    hasRead: p.query !== undefined,
    read: p.query === undefined ? '' : named.reader(p.query.id),
  };
}

/**
 * `c` with its handlers in source order; the same object for the same model, so that what is
 * kept per controller between renders (its handlers' writers) is found again.
 */
function inPlaceOrder(c: ControllerModel): ControllerModel {
  let ordered = placeOrdered.get(c);
  if (ordered === undefined) {
    ordered = { ...c, handlers: [...c.handlers].sort(byPlace) };
    placeOrdered.set(c, ordered);
  }
  return ordered;
}

const placeOrdered = new WeakMap<ControllerModel, ControllerModel>();

function byId(a: { readonly id: string }, b: { readonly id: string }): number {
  return compareText(a.id, b.id);
}

function byPlace(a: HandlerModel, b: HandlerModel): number {
  return a.at.line - b.at.line || a.at.column - b.at.column;
}

function byFileAndName(a: ControllerModel, b: ControllerModel): number {
  return compareText(a.at.file, b.at.file) || compareText(a.name, b.name) || a.at.line - b.at.line;
}
