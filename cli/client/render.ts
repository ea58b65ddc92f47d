/**
 * `fwgen --client`: the typed client of an application's HTTP routes and WebSocket gateways, one
 * module that imports nothing. What every client shares is kept as checked TypeScript beside this
 * file and copied in by region (`prelude.ts`: the results, `unwrap`, the options; `runner.ts`: the
 * request runner, the event-stream reader, the socket); `templates/client.hbs` lays the module
 * out; this file writes what is the app's own: its types, one group per controller or gateway
 * with one function per handler, and the readers that revive `Date` and `bigint` values.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { shapeRefs } from '../api-documents/shared.js';
import { docComment } from '../emit/declarations.js';
import { literal } from '../emit/layout.js';
import { templatesDir } from '../emit/render.js';
import type {
  AnswerModel,
  AppModel,
  ControllerModel,
  Diagnostic,
  HandlerModel,
  ParamModel,
  QueryField,
  Shape,
} from '../ir.js';
import { Readers } from './readers.js';
import { ClientTypes, key } from './types.js';

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
const UPLOADS = new Set(['fw/core#UploadedFiles', 'fw/core#MultipartParts']);

interface ClientView {
  readonly src: string;
  readonly types: readonly string[];
  readonly prelude: string;
  readonly groupTypes: string;
  readonly clientBody: string;
  readonly readers: readonly string[];
  readonly runner: string;
  readonly helpers: readonly string[];
}

let template: Handlebars.TemplateDelegate<ClientView> | undefined;
let shared: ReadonlyMap<string, string> | undefined;

/**
 * The regions (`// #region <name>` … `// #endregion`) of `prelude.ts`, `runner.ts` and
 * `helpers.ts`, read once: beside this module from source, and copied beside it into fwgen's
 * `dist/` by its build.
 */
function sharedRegions(): ReadonlyMap<string, string> {
  const dir = dirname(fileURLToPath(import.meta.url));
  const regions = new Map<string, string>();
  for (const file of ['prelude.ts', 'runner.ts', 'helpers.ts']) {
    const text = readFileSync(join(dir, file), 'utf8').replaceAll('\r\n', '\n');
    for (const m of text.matchAll(/^\/\/ #region (\w+)\n([\s\S]*?)^\/\/ #endregion$/gm)) {
      regions.set(m[1] as string, (m[2] as string).trim());
    }
  }
  return regions;
}

function region(name: string): string {
  shared ??= sharedRegions();
  const text = shared.get(name);
  if (text === undefined) throw new Error(`fwgen: the client has no shared region ${name}`);
  return text;
}

/** The client module's text for `model`. */
export function renderClient(model: AppModel): string {
  template ??= Handlebars.create().compile<ClientView>(
    readFileSync(join(templatesDir(), 'client.hbs'), 'utf8').replaceAll('\r\n', '\n'),
    { noEscape: true, strict: true },
  );
  const groups = clientGroups(model);
  const ids = new Set<string>();
  for (const { controller } of groups) {
    for (const h of controller.handlers) {
      for (const p of h.params) if (p.validate !== undefined) ids.add(p.validate);
      for (const a of h.answers ?? []) if (a.body.kind === 'json') shapeRefs(a.body.shape, ids);
    }
  }
  const types = new ClientTypes(model, ids);
  const readers = new Readers(types, types.ids());
  const writer = new GroupWriter(types, readers);
  const groupTypes: string[] = [];
  const groupValues: string[] = [];
  for (const g of groups) {
    const [type, value] = writer.group(g);
    groupTypes.push(type);
    groupValues.push(value);
  }
  const helpers = readers.helpers();
  return template({
    src: model.src,
    types: types.declarations(),
    prelude: region('prelude'),
    groupTypes: `/** The app's groups of calls: one per controller or gateway. */\nexport interface Client {\n${groupTypes.join('\n')}\n}`,
    clientBody:
      groups.length === 0
        ? '  // The app has no HTTP route and no gateway: nothing to call.\n  void options;\n  void _Http;\n  return {};'
        : `  const http = new _Http(options);\n  return {\n${groupValues.join('\n')}\n  };`,
    readers: readers.functions(),
    runner: region('runner'),
    helpers: (['date', 'bigint', 'array', 'record'] as const)
      .filter((h) => helpers[h])
      .map((h) => region(h)),
  });
}

/** A controller or gateway with calls in the client, under its group's name. */
interface Group {
  readonly name: string;
  readonly controller: ControllerModel;
}

/**
 * The groups of the client: each controller with HTTP routes and each gateway, named as its class
 * without a trailing `Controller`, `Gateway` or `Consumer`, first letter lower-cased.
 */
export function clientGroups(model: AppModel): Group[] {
  return model.controllers
    .filter((c) => c.kind === 'websocket' || c.handlers.some((h) => HTTP_METHODS.has(h.method)))
    .map((controller) => ({ name: groupName(controller.name), controller }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `UserController` → `user`, `OrderFeedGateway` → `orderFeed`. */
export function groupName(className: string): string {
  const base = className.replace(/(Controller|Gateway|Consumer)$/, '') || className;
  return base[0]!.toLowerCase() + base.slice(1);
}

/** FW0111 for each group name two classes would share, naming both. */
export function clientDiagnostics(model: AppModel): Diagnostic[] {
  const seen = new Map<string, ControllerModel>();
  const found: Diagnostic[] = [];
  for (const { name, controller } of clientGroups(model)) {
    const first = seen.get(name);
    if (first === undefined) {
      seen.set(name, controller);
      continue;
    }
    found.push({
      code: 'FW0111',
      message: `${controller.name} and ${first.name} (${first.at.file}:${first.at.line}) would both be the client's group \`${name}\`: rename one class`,
      at: controller.at,
    });
  }
  return found;
}

/** Writes each group's type (a member of `Client`) and value (a member of `createClient`'s). */
class GroupWriter {
  readonly #types: ClientTypes;
  readonly #readers: Readers;

  constructor(types: ClientTypes, readers: Readers) {
    this.#types = types;
    this.#readers = readers;
  }

  group({ name, controller }: Group): [string, string] {
    const calls =
      controller.kind === 'websocket'
        ? [this.#gateway(controller)]
        : controller.handlers.filter((h) => HTTP_METHODS.has(h.method)).map((h) => this.#route(h));
    const type = `${docComment(controller.doc, '  ')}  readonly ${key(name)}: {\n${calls
      .map(([t]) => t)
      .join('\n')}\n  };`;
    const value = `    ${key(name)}: {\n${calls.map(([, v]) => v).join('\n')}\n    },`;
    return [type, value];
  }

  #route(h: HandlerModel): [string, string] {
    const doc = docComment(h.doc, '    ');
    const members = [this.#path(h), this.#query(h.params), this.#body(h.params)].filter(
      (m) => m !== undefined,
    );
    const args = argsText(members);
    const route = literal(h.path);
    const answers = h.answers ?? [{ status: 200, body: { kind: 'none' } }];
    if (answers.some((a) => a.body.kind === 'events')) {
      return [
        `${doc}    ${key(h.name)}(${args}): ServerEvents;`,
        `      ${key(h.name)}: (args) => http.events(${route}, args),`,
      ];
    }
    const successes = answers.filter((a) => a.status < 400);
    const results = successes.map((a) => `Ok<${a.status}, ${this.#data(a)}>`);
    const table = successes.map((a) => `${a.status}: ${this.#answer(a)}`).join(', ');
    return [
      `${doc}    ${key(h.name)}(${args}): Promise<${[...results, 'Failure'].join(' | ')}>;`,
      `      ${key(h.name)}: (args) => http.call(${literal(h.method)}, ${route}, { ${table} }, args),`,
    ];
  }

  #gateway(c: ControllerModel): [string, string] {
    const handlers = c.handlers.filter((h) => h.method === 'WS');
    const path = handlers[0]?.path ?? '/';
    const payloads = handlers.flatMap((h) => h.params.filter((p) => p.validate !== undefined));
    const inTypes = unique(
      payloads.map((p) => this.#types.text({ kind: 'ref', id: p.validate! }, '    ')),
    );
    const outShapes: Shape[] = [];
    const outTypes: string[] = [];
    for (const h of handlers) {
      for (const a of h.answers ?? []) {
        if (a.body.kind === 'json') outShapes.push(a.body.shape);
        if (a.body.kind !== 'none') outTypes.push(this.#data(a));
      }
    }
    const read =
      outShapes.length === 0
        ? undefined
        : this.#readers.reader(
            outShapes.length === 1
              ? (outShapes[0] as Shape)
              : { kind: 'union', members: outShapes },
          );
    const first = handlers[0];
    const pathMember = first === undefined ? undefined : this.#path(first);
    const members = [pathMember, 'readonly protocols?: string | string[]'].filter(
      (m) => m !== undefined,
    );
    const required = pathMember !== undefined && !pathMember.includes('?:');
    const args = `args${required ? '' : '?'}: { ${members.join('; ')} }`;
    const inText = inTypes.length === 0 ? 'string | Uint8Array' : inTypes.join(' | ');
    const outText = outTypes.length === 0 ? 'never' : unique(outTypes).join(' | ');
    const doc = docComment(first?.doc, '    ');
    return [
      `${doc}    connect(${args}): Socket<${inText}, ${outText}>;`,
      `      connect: (args) => http.connect(${literal(path)}, ${read ?? 'undefined'}, args),`,
    ];
  }

  /** `readonly path: { … }` for a route with keys: each typed as the parameter bound to it. */
  #path(h: HandlerModel): string | undefined {
    const keys = [...h.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
    if (h.path.endsWith('*')) keys.push('*');
    if (keys.length === 0) return undefined;
    const fields = keys.map((k) => {
      const bound = h.params.find((p) => p.pathKey === k);
      return `readonly ${key(k)}: ${bound === undefined ? 'string' : bound.type}`;
    });
    return `readonly path: { ${fields.join('; ')} }`;
  }

  /** `readonly query?: { … }` from the handler's `Pagination`, `Query<T>` and `Values`. */
  #query(params: readonly ParamModel[]): string | undefined {
    if (params.some((p) => p.type === 'fw/query#Values')) {
      return 'readonly query?: { readonly [key: string]: string | number | bigint | boolean | readonly (string | number | bigint | boolean)[] | undefined }';
    }
    const fields: string[] = [];
    let required = false;
    for (const p of params) {
      if (p.type === 'fw/query#Pagination') {
        fields.push('readonly page?: number', 'readonly size?: number');
      }
      for (const f of p.query?.fields ?? []) {
        fields.push(`readonly ${key(f.name)}${f.optional ? '?' : ''}: ${queryType(f)}`);
        required ||= !f.optional;
      }
    }
    if (fields.length === 0) return undefined;
    return `readonly query${required ? '' : '?'}: { ${fields.join('; ')} }`;
  }

  /** `readonly body: T` for a JSON body, `FormData` for uploads. */
  #body(params: readonly ParamModel[]): string | undefined {
    const upload = params.find((p) => UPLOADS.has(p.type));
    const json = params.find((p) => p.validate !== undefined);
    const p = upload ?? json;
    if (p === undefined) return undefined;
    const type =
      upload !== undefined
        ? 'FormData'
        : this.#types.text({ kind: 'ref', id: p.validate! }, '    ');
    return `readonly body${p.optional ? '?' : ''}: ${type}`;
  }

  /** The data type of a success. */
  #data(a: AnswerModel): string {
    switch (a.body.kind) {
      case 'json':
        return this.#types.text(a.body.shape, '    ');
      case 'text':
        return 'string';
      case 'bytes':
        return 'Uint8Array';
      case 'stream':
        return 'ReadableStream<Uint8Array>';
      default:
        return 'undefined';
    }
  }

  /** `['json', reader]`: how the runner reads a success. */
  #answer(a: AnswerModel): string {
    if (a.body.kind !== 'json') return `['${a.body.kind === 'events' ? 'stream' : a.body.kind}']`;
    const read = this.#readers.reader(a.body.shape);
    return read === undefined ? `['json']` : `['json', ${read}]`;
  }
}

/** The argument: optional when none of its members is required. */
function argsText(members: readonly string[]): string {
  if (members.length === 0) return 'args?: RequestOptions';
  const required = members.some((m) => !/^readonly [^:]+\?:/.test(m));
  return `args${required ? '' : '?'}: { ${members.join('; ')} } & RequestOptions`;
}

function queryType(f: QueryField): string {
  const one =
    f.values !== undefined
      ? f.values.map((v) => literal(v)).join(' | ')
      : f.kind === 'integer'
        ? 'number'
        : f.kind;
  return f.array ? `readonly (${one})[]` : one;
}

function unique(texts: readonly string[]): string[] {
  return [...new Set(texts)];
}
