/**
 * The `docs` option of `createApp`: where the API docs page is served, and the documents it shows.
 * Checked at start-up, so that a typo fails `createApp` naming `docs.<key>` instead of serving a
 * page that cannot render.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FwError } from '../../core/errors.js';
import { appChecks, isRecord, type OptionChecks, shown } from '../../core/options.js';
import type { AppRoute } from '../plugin.js';

/**
 * A document for the page: the object itself, or the JSON file fwgen wrote, read once by
 * `createApp`. A string path is resolved against the working directory, as `fs` does; a `file:`
 * URL (`new URL('../openapi.json', import.meta.url)`) is where it says, wherever the app starts.
 */
export type DocsDocument = object | string | URL;

/**
 * What the `docs` option of `createApp` takes: where the page is, and the documents fwgen writes.
 * @example
 * createApp({
 *   bindings,
 *   docs: { path: '/docs', openapi: new URL('../openapi.json', import.meta.url) },
 * });
 * @see docs/API.md, "The API docs page"
 */
export interface DocsOptions {
  /** Where the page is (`/docs`); everything under `{path}/` belongs to it. */
  readonly path: string;
  /** The OpenAPI document (`fwgen --openapi openapi.json`), rendered by Swagger UI. */
  readonly openapi: DocsDocument;
  /** The AsyncAPI document (`fwgen --asyncapi asyncapi.json`), served as `{path}/asyncapi.json`. */
  readonly asyncapi?: DocsDocument;
}

/** The docs option checked, the documents as the JSON they are sent as. @internal */
export interface DocsConfig {
  /** The page's path, e.g. `/docs`. */
  readonly path: string;
  /** `{path}/`: the prefix of every other path the page owns. */
  readonly prefix: string;
  readonly openapi: string;
  readonly asyncapi: string | undefined;
  /** The page's title: the OpenAPI document's `info.title`, or `API`. */
  readonly title: string;
}

const invalid: OptionChecks['invalid'] = appChecks.invalid;
const KEYS: readonly string[] = ['path', 'openapi', 'asyncapi'];
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * The docs option checked, or undefined when absent; the OpenAPI document says `maxSize` (the
 * app's `pagination.maxSize`) as the maximum page size. Throws `FW_ERR_INVALID_OPTION` naming the
 * key at fault: an unknown key, a path that is none, a document that is not one. @internal
 */
export function docsConfig(option: unknown, maxSize?: number): DocsConfig | undefined {
  if (option === undefined) return undefined;
  const given = appChecks.record('docs', option, '{ path, openapi, asyncapi? }', KEYS);
  const path = checkPath(given['path']);
  const prefix = `${path}/`;
  const openapi = documentOf('openapi', given['openapi'], maxSize);
  const asyncapi =
    given['asyncapi'] === undefined ? undefined : documentOf('asyncapi', given['asyncapi']);
  const info = openapi.doc['info'];
  const title = isRecord(info) && typeof info['title'] === 'string' ? info['title'] : 'API';
  return Object.freeze({
    path,
    prefix,
    openapi: openapi.json,
    asyncapi: asyncapi?.json,
    title,
  });
}

/**
 * Throws `FW_ERR_INVALID_OPTION` when the page's path holds a path a probe answers before it (a
 * health probe), which it would hide, and `FW_ERR_DUPLICATE_ROUTE` when an HTTP route or a
 * WebSocket gateway is declared on the page's path or under it. A route whose pattern merely
 * matches one of them (`/:section`) is shadowed there by the page, as for the health probes.
 * @internal
 */
export function checkDocsPaths(
  routes: readonly AppRoute[],
  probed: readonly string[],
  docs: DocsConfig,
): void {
  for (const probe of probed) {
    if (probe === docs.path || probe.startsWith(docs.prefix)) {
      invalid(
        'docs.path',
        `a path apart from the health probe ${probe}, which it would hide`,
        shown(docs.path),
      );
    }
  }
  for (const r of routes) {
    if (r.method === 'EVENT' || (r.path !== docs.path && !r.path.startsWith(docs.prefix))) {
      continue;
    }
    throw new FwError('FW_ERR_DUPLICATE_ROUTE', {
      method: r.method === 'WS' ? 'GET' : r.method,
      path: r.path,
      first: r.label,
      second: 'createApp({ docs }) (change docs.path)',
    });
  }
}

function checkPath(path: unknown): string {
  const segments = typeof path === 'string' ? path.split('/') : [];
  const fits =
    segments.length > 1 &&
    segments[0] === '' &&
    segments.slice(1).every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
  if (!fits) {
    invalid(
      'docs.path',
      "a path such as '/docs' (segments of letters, digits and . _ ~ -, not '/', " +
        "no trailing '/')",
      shown(path),
    );
  }
  return path as string;
}

/**
 * The document as an object and as the JSON it is sent as. Throws unless it is an object of its
 * kind, or a JSON file holding one.
 */
function documentOf(
  kind: 'openapi' | 'asyncapi',
  given: unknown,
  maxSize?: number,
): { doc: Record<string, unknown>; json: string } {
  const name = kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI';
  const expected =
    `the ${name} document: an object with a string '${kind}' version, or the path or file: URL ` +
    `of the JSON file fwgen writes (fwgen --${kind} ${kind}.json)`;
  const option = `docs.${kind}`;
  let doc: unknown = given;
  if (typeof given === 'string' || given instanceof URL) {
    const file = fileOf(given, option, expected);
    doc = readJson(file, option, expected);
    if (!isRecord(doc) || typeof doc[kind] !== 'string') {
      invalid(option, expected, `'${file}', which holds ${shown(doc)}`);
    }
  }
  if (!isRecord(doc) || typeof doc[kind] !== 'string') invalid(option, expected, shown(doc));
  const served = maxSize === undefined ? doc : withMaxSize(doc, maxSize);
  let json: string;
  try {
    json = JSON.stringify(served);
  } catch (err) {
    invalid(option, expected, `one JSON.stringify cannot write (${String(err)})`);
  }
  return { doc: served, json };
}

/**
 * `doc` with the `size` parameter fwgen writes for `Pagination` (`components.parameters.PageSize`)
 * bounded by `maxSize`, the size the app clamps to: fwgen writes the default, as it cannot read
 * the app's options. `doc` itself is left as it is; a document without that parameter is returned
 * unchanged.
 */
function withMaxSize(doc: Record<string, unknown>, maxSize: number): Record<string, unknown> {
  const components = doc['components'];
  if (!isRecord(components) || !isRecord(components['parameters'])) return doc;
  const parameters = components['parameters'];
  const size = parameters['PageSize'];
  if (!isRecord(size) || size['name'] !== 'size' || size['in'] !== 'query') return doc;
  if (!isRecord(size['schema'])) return doc;
  const schema = { ...size['schema'], maximum: maxSize };
  return {
    ...doc,
    components: { ...components, parameters: { ...parameters, PageSize: { ...size, schema } } },
  };
}

/** The absolute path of a document's file: a `.json` file, named by a path or a `file:` URL. */
function fileOf(given: string | URL, option: string, expected: string): string {
  let file: string;
  try {
    file = typeof given === 'string' ? resolve(given) : fileURLToPath(given);
  } catch (err) {
    invalid(option, expected, `${String(given)}, which is not a file: URL (${errorText(err)})`);
  }
  if (/\.ya?ml$/i.test(file)) {
    invalid(
      option,
      expected,
      `'${file}', a YAML file, which fw does not parse; have fwgen write JSON as well`,
    );
  }
  return file;
}

/** The parsed JSON of `file`; throws naming the file and what went wrong. */
function readJson(file: string, option: string, expected: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    invalid(option, expected, `'${file}', which cannot be read (${errorText(err)})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    invalid(option, expected, `'${file}', which is not JSON (${errorText(err)})`);
  }
}

function errorText(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return err instanceof Error ? err.message : String(err);
}
