/**
 * The API docs page of `createApp({ docs })`: `GET {path}` (the page), `{path}/openapi.json`,
 * `{path}/asyncapi.json` and the page's assets, all held in memory from start-up. Like the health
 * probes it answers before the request limits and the app's interceptors: the page is public
 * wherever it is enabled. Every other path under `{path}/` answers 404 (only the names in the
 * table are served, so no path reaches a file of its own choosing), other methods 405.
 */
import { FwError } from '../../core/errors.js';
import type { Logger } from '../../core/log/logger.js';
import type { HttpExchange } from '../../http/exchange.js';
import { stageError } from '../../http/render.js';
import { logExchangeFailure } from '../../http/request-log.js';
import type { Plugin } from '../plugin.js';
import { checkDocsPaths, type DocsConfig, docsConfig } from './docs-options.js';
import { DOCS_CSP, PAGE_CSS, PAGE_FILES, pageHtml, pageScript } from './docs-page.js';
import { type ConstantHeader, StaticFile } from './static-file.js';
import { SWAGGER_UI_FILES, type SwaggerUiFile, swaggerUiFiles } from './swagger-ui.js';

/** Sent with every file of the page: the policy, and no guessing of content types. */
const HEADERS: readonly ConstantHeader[] = [
  ['content-security-policy', 'Content-Security-Policy', DOCS_CSP],
  ['x-content-type-options', 'X-Content-Type-Options', 'nosniff'],
];
const JSON_TYPE = 'application/json; charset=utf-8';
const ALLOW = 'GET, HEAD';

/** Every path the page serves, and its file. @internal */
export function docsFiles(
  docs: DocsConfig,
  swaggerUi: ReadonlyMap<SwaggerUiFile, Buffer>,
): ReadonlyMap<string, StaticFile> {
  const at = (name: string) => `${docs.prefix}${name}`;
  const files = new Map<string, StaticFile>([
    [docs.path, new StaticFile('text/html; charset=utf-8', pageHtml(docs), HEADERS)],
    [at('docs.js'), new StaticFile(PAGE_FILES['docs.js'], pageScript(docs), HEADERS)],
    [at('docs.css'), new StaticFile(PAGE_FILES['docs.css'], PAGE_CSS, HEADERS)],
    [at('openapi.json'), new StaticFile(JSON_TYPE, docs.openapi, HEADERS)],
  ]);
  if (docs.asyncapi !== undefined) {
    files.set(at('asyncapi.json'), new StaticFile(JSON_TYPE, docs.asyncapi, HEADERS));
  }
  for (const [name, body] of swaggerUi) {
    files.set(at(name), new StaticFile(SWAGGER_UI_FILES[name], body, HEADERS));
  }
  return files;
}

/**
 * The page for the server and `inject()`: answers `ex` and returns true when its path is the
 * page's or under it, returns false for any other request. @internal
 */
export function docsProbe(
  docs: DocsConfig,
  files: ReadonlyMap<string, StaticFile>,
  logger: Logger,
): (ex: HttpExchange) => boolean {
  const { path: page, prefix } = docs;
  // `{path}/` goes to the page, by a URL relative to it (`../docs`), as the page's own are.
  const slash = `../${page.slice(page.lastIndexOf('/') + 1)}`;
  return (ex) => {
    const path = ex.path();
    if (path !== page && !path.startsWith(prefix)) return false;
    const file = files.get(path);
    const method = ex.method();
    if (file === undefined && path !== prefix) {
      fail(ex, new FwError('FW_ERR_ROUTE_NOT_FOUND', { method, path }), logger);
    } else if (method !== 'GET' && method !== 'HEAD') {
      const err = new FwError(
        'FW_ERR_METHOD_NOT_ALLOWED',
        { method, path, allowed: ALLOW },
        { headers: { Allow: ALLOW } },
      );
      fail(ex, err, logger);
    } else if (file === undefined) {
      ex.response.writeStatus(308);
      ex.response.setDefault('location', 'Location', slash);
      ex.send();
    } else file.serve(ex);
    return true;
  };
}

function fail(ex: HttpExchange, err: FwError, logger: Logger): void {
  stageError(ex.response, err);
  ex.send();
  logExchangeFailure(logger, ex, err);
}

/**
 * The docs page plug-in of `createApp({ docs })`, or undefined when the option is not given. The
 * option is checked at once; its paths are checked against the app's routes and the health probes
 * when it joins, and Swagger UI's files are read then, once, so a missing package fails
 * `createApp` instead of the first visit. The OpenAPI document is served with `maxSize`, the app's
 * `pagination.maxSize`, as the maximum of `Pagination`'s `size`. @internal
 */
export function docsPage(option: unknown, maxSize?: number): Plugin | undefined {
  const docs = docsConfig(option, maxSize);
  if (docs === undefined) return undefined;
  return {
    name: 'docs',
    setup(host) {
      checkDocsPaths(host.routes, host.probedPaths, docs);
      const files = docsFiles(docs, swaggerUiFiles());
      host.addProbe(docsProbe(docs, files, host.logger), [...files.keys()]);
    },
  };
}
