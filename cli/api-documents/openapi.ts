/**
 * The OpenAPI 3.1 document of an app, a pure function of its model: one operation per HTTP
 * handler, its parameters, body and answers, fw's problem responses, and a component schema for
 * every application type the operations refer to; docs/fwgen.md, "API documents", lists what each
 * piece of the source becomes in the document.
 * Keys are written in a fixed order and lists sorted, so the JSON or YAML is byte for byte stable.
 *
 * @see https://spec.openapis.org/oas/v3.1.0 (4.8.10 Operation Object, 4.8.12 Parameter Object)
 * @see https://www.rfc-editor.org/rfc/rfc9457 (problem details)
 */
import type { AnswerModel, AppModel, ControllerModel, HandlerModel, ParamModel } from '../ir.js';
import { assertNever, compareText } from '../ir.js';
import { PAGINATION_PARAMETERS, parameters } from './openapi-params.js';
import { type JsonSchema, schemaOf } from './schemas.js';
import {
  components,
  controllerLabels,
  type DocumentInfo,
  docText,
  infoObject,
  REF_BASE,
} from './shared.js';
import { reasonPhrase } from './status.js';

/** The HTTP methods an OpenAPI Path Item holds, in the order the specification lists them. */
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/** The parameter types that take a `multipart/form-data` body: in memory, or part by part. */
const UPLOADS: ReadonlySet<string> = new Set(['fw/core#UploadedFiles', 'fw/core#MultipartParts']);

/** Parameter types read from the query string, which can be refused with 400. */
const QUERY_TYPES: ReadonlySet<string> = new Set([
  'fw/query#Values',
  'fw/query#Pagination',
  'fw/query#Query',
]);

/** One HTTP handler with what the document needs of its controller. */
interface Route {
  readonly handler: HandlerModel;
  readonly label: string;
  /** The controller's JSDoc as its tag's description. */
  readonly tagDescription: string | undefined;
  /** The OpenAPI path (`/users/{id}`), and the name each of the handler's keys has in it. */
  readonly path: string;
  readonly keys: ReadonlyMap<string, string>;
}

/**
 * The OpenAPI 3.1.0 document of `model`'s HTTP handlers: no `servers` (where the app runs is
 * chosen when it is deployed).
 * @example formatDocument(openApiDocument(model, { title: 'shop', version: '1.0.0' }), 'openapi.json')
 */
export function openApiDocument(model: AppModel, info: DocumentInfo): Record<string, unknown> {
  const routes = routesOf(model.controllers);
  const handlers = routes.map((r) => r.handler);
  const { schemas: typeSchemas, names } = components(model, handlers);
  const problem = problemName(names);
  const schemas = { ...typeSchemas, ...(routes.length > 0 && { [problem]: PROBLEM_SCHEMA }) };
  const document = new Operations(names, `${REF_BASE}${problem}`);
  const paths = document.paths(routes);
  const responses = document.responses();
  const paged = handlers.some((h) => h.params.some((p) => p.type === 'fw/query#Pagination'));
  return {
    openapi: '3.1.0',
    info: infoObject(info),
    tags: tagsOf(routes),
    paths,
    components: {
      schemas: sortKeys(schemas),
      ...(paged && { parameters: PAGINATION_PARAMETERS }),
      ...(Object.keys(responses).length > 0 && { responses }),
    },
  };
}

/**
 * Every HTTP handler with its OpenAPI path. Routes of one shape (`/a/:x`, `/a/:y`) are one path
 * to OpenAPI, which names its keys as the first of them (in model order) does.
 */
function routesOf(controllers: readonly ControllerModel[]): Route[] {
  const labels = controllerLabels(controllers);
  const firstOfShape = new Map<string, readonly string[]>();
  const routes: Route[] = [];
  for (const c of controllers) {
    for (const handler of c.handlers) {
      if (!(METHODS as readonly string[]).includes(handler.method)) continue;
      const segments = handler.path.split('/');
      const shape = segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/');
      const canonical = firstOfShape.get(shape) ?? segments;
      firstOfShape.set(shape, canonical);
      const keys = new Map<string, string>();
      const path = segments
        .map((s, i) => {
          if (!s.startsWith(':')) return s;
          const name = (canonical[i] as string).slice(1);
          keys.set(s.slice(1), name);
          return `{${name}}`;
        })
        .join('/');
      const tagDescription = docText(c.doc);
      routes.push({ handler, label: labels.get(c) as string, tagDescription, path, keys });
    }
  }
  return routes;
}

/** A tag per controller with HTTP routes, sorted, described by the controller's JSDoc. */
function tagsOf(routes: readonly Route[]): Record<string, unknown>[] {
  const tags = new Map<string, string | undefined>();
  for (const r of routes) tags.set(r.label, r.tagDescription);
  return [...tags.keys()].sort(compareText).map((name) => {
    const description = tags.get(name);
    return { name, ...(description !== undefined && { description }) };
  });
}

class Operations {
  readonly #names: ReadonlyMap<string, string>;
  readonly #problem: JsonSchema;
  /** The statuses of fw's own problems that some operation refers to in `components.responses`. */
  readonly #shared = new Set<number>();

  constructor(names: ReadonlyMap<string, string>, problemRef: string) {
    this.#names = names;
    this.#problem = { $ref: problemRef };
  }

  /** The Paths Object: paths sorted, each path's operations in {@link METHODS} order. */
  paths(routes: readonly Route[]): Record<string, unknown> {
    const byPath = new Map<string, Route[]>();
    for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
    const paths: Record<string, unknown> = {};
    for (const path of [...byPath.keys()].sort(compareText)) {
      const item: Record<string, unknown> = {};
      const here = byPath.get(path) as Route[];
      for (const method of METHODS) {
        const route = here.find((r) => r.handler.method === method);
        if (route !== undefined) item[method.toLowerCase()] = this.#operation(route);
      }
      paths[path] = item;
    }
    return paths;
  }

  #operation(route: Route): Record<string, unknown> {
    const { handler } = route;
    const doc = handler.doc;
    const readsAnyKey = handler.params.some((p) => p.type === 'fw/query#Values');
    const description = [
      doc?.description,
      readsAnyKey ? 'Reads any query parameter, so none is listed.' : undefined,
    ].filter((s) => s !== undefined && s !== '');
    const params = parameters(route.path, route.keys, handler.params);
    const body = this.#requestBody(handler.params);
    return {
      tags: [route.label],
      ...(doc?.summary !== undefined && doc.summary !== '' && { summary: doc.summary }),
      ...(description.length > 0 && { description: description.join('\n\n') }),
      operationId: `${route.label}.${handler.name}`,
      ...(doc?.deprecated === true && { deprecated: true }),
      ...(params.length > 0 && { parameters: params }),
      ...(body !== undefined && { requestBody: body }),
      responses: this.#responses(handler, body !== undefined),
    };
  }

  /** A validated body as JSON, uploaded files as a multipart form; both when a handler takes both. */
  #requestBody(params: readonly ParamModel[]): Record<string, unknown> | undefined {
    const content: Record<string, unknown> = {};
    let required = false;
    for (const p of params) {
      if (p.validate !== undefined) {
        content['application/json'] = { schema: this.#schema(p.validate) };
      } else if (UPLOADS.has(p.type)) {
        content['multipart/form-data'] = { schema: UPLOADS_SCHEMA };
      } else {
        continue;
      }
      required ||= !p.optional;
    }
    return Object.keys(content).length === 0 ? undefined : { required, content };
  }

  /**
   * The handler's answers under their statuses, fw's problems (400 when anything is parsed or
   * validated, 413 and 415 with a body, 500 always) and every JSDoc `@response`, sorted by status.
   */
  #responses(handler: HandlerModel, hasBody: boolean): Record<string, unknown> {
    const byStatus = new Map<number, Map<string, JsonSchema[]>>();
    const content = (status: number): Map<string, JsonSchema[]> => {
      const found = byStatus.get(status) ?? new Map<string, JsonSchema[]>();
      byStatus.set(status, found);
      return found;
    };
    const add = (status: number, media: string, schema: JsonSchema): void => {
      const schemas = content(status).get(media) ?? [];
      if (!schemas.some((s) => JSON.stringify(s) === JSON.stringify(schema))) schemas.push(schema);
      content(status).set(media, schemas);
    };
    for (const answer of handler.answers ?? [{ status: 200, body: { kind: 'none' } }]) {
      content(answer.status);
      const media = this.#media(answer);
      if (media !== undefined) add(answer.status, media[0], media[1]);
    }
    const answered = new Set(byStatus.keys());
    const described = new Map(handler.doc?.responses?.map((r) => [r.status, r.description]));
    const problems: number[] = [];
    const shared = new Set<number>();
    for (const status of fwProblems(handler, hasBody)) {
      if (answered.has(status) || described.has(status)) problems.push(status);
      else shared.add(status);
    }
    for (const status of described.keys()) {
      if (status >= 400 && !answered.has(status)) problems.push(status);
      else content(status);
    }
    for (const status of problems) add(status, 'application/problem+json', this.#problem);
    const responses: Record<string, unknown> = {};
    for (const status of [...byStatus.keys(), ...shared].sort((a, b) => a - b)) {
      if (shared.has(status)) {
        this.#shared.add(status);
        responses[String(status)] = { $ref: `#/components/responses/${PROBLEMS[status]}` };
        continue;
      }
      const media = byStatus.get(status) as Map<string, JsonSchema[]>;
      responses[String(status)] = {
        description: described.get(status) || reasonPhrase(status),
        ...(media.size > 0 && { content: contentObject(media) }),
      };
    }
    return responses;
  }

  /** `components.responses`: each of fw's problems an operation refers to, by status. */
  responses(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const status of [...this.#shared].sort((a, b) => a - b)) {
      out[PROBLEMS[status] as string] = {
        description: reasonPhrase(status),
        content: { 'application/problem+json': { schema: this.#problem } },
      };
    }
    return out;
  }

  #media(answer: AnswerModel): readonly [string, JsonSchema] | undefined {
    const { body } = answer;
    switch (body.kind) {
      case 'json':
        return ['application/json', schemaOf(body.shape, this.#names, REF_BASE)];
      case 'text':
        return ['text/plain', { type: 'string' }];
      case 'bytes':
      case 'stream':
        return ['application/octet-stream', BYTES_SCHEMA];
      case 'events':
        return ['text/event-stream', { type: 'string' }];
      case 'none':
        return undefined;
      default:
        return assertNever(body);
    }
  }

  #schema(id: string): JsonSchema {
    return schemaOf({ kind: 'ref', id }, this.#names, REF_BASE);
  }
}

/**
 * The problems fw itself may answer a handler with: 400 when anything is parsed or validated,
 * 413 and 415 when it takes a body, 500 always.
 */
function fwProblems(handler: HandlerModel, hasBody: boolean): number[] {
  return [...(handler.params.some(parsed) ? [400] : []), ...(hasBody ? [413, 415] : []), 500];
}

/** The name in `components.responses` of each of fw's own problems. */
const PROBLEMS: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  413: 'ContentTooLarge',
  415: 'UnsupportedMediaType',
  500: 'InternalServerError',
};

/** Whether fw parses or validates what the parameter gets, and so may answer 400. */
function parsed(p: ParamModel): boolean {
  if (p.validate !== undefined || UPLOADS.has(p.type) || QUERY_TYPES.has(p.type)) return true;
  return p.pathKey !== undefined && p.type !== 'string';
}

/** Media types with their schema, several answers of one status and type as `oneOf`. */
function contentObject(media: ReadonlyMap<string, JsonSchema[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [type, schemas] of media) {
    out[type] = { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } };
  }
  return out;
}

/** `Problem`, or `fw.Problem` when an application type already has that component name. */
function problemName(names: ReadonlyMap<string, string>): string {
  return [...names.values()].includes('Problem') ? 'fw.Problem' : 'Problem';
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compareText(a, b)));
}

/** Bytes of any kind (OpenAPI 3.1 says binary with `contentMediaType`, not `format: binary`). */
const BYTES_SCHEMA: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };

/** What an `UploadedFiles` or `MultipartParts` parameter receives: any files under any names. */
const UPLOADS_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Files under any field names; a field may hold several files.',
  additionalProperties: { type: 'array', items: BYTES_SCHEMA },
};

/** fw's problem details (runtime/core/errors.ts `Problem`), RFC 9457 with `code` and `errors`. */
const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'Problem details (RFC 9457). fw sets `code` to a stable FW_ERR_* code on every problem of its own, and lists every failed check in `errors` when a body or payload is invalid.',
  properties: {
    type: { type: 'string', description: 'A URI reference naming the problem type.' },
    title: { type: 'string', description: "The status code's reason phrase." },
    status: { type: 'integer', minimum: 100, maximum: 599 },
    detail: { type: 'string', description: 'What was wrong and what to do.' },
    instance: { type: 'string' },
    code: {
      type: 'string',
      description: 'A code clients can act on, such as FW_ERR_BODY_INVALID.',
    },
    errors: {
      type: 'array',
      description: 'Every failed check (at most 100).',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string', description: "Where, such as items[2].sku; '' for the whole." },
          message: { type: 'string' },
        },
        required: ['path', 'message'],
      },
    },
  },
  required: ['type', 'title', 'status', 'detail'],
};
