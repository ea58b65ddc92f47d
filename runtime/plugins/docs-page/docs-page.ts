/**
 * The docs page's own files: the HTML, the script that starts Swagger UI, a little CSS, and the
 * Content-Security-Policy they are sent with. The page has no inline script or style, so the
 * policy allows scripts and styles from the server itself only.
 *
 * Every URL on the page is relative to it (`docs/openapi.json` from `/docs`), so the page works
 * behind a proxy that serves the app under a path prefix.
 */
import type { DocsConfig } from './docs-options.js';

/**
 * What the page may load: scripts, styles and the documents from the server, images from the
 * server and `data:` URLs (Swagger UI's icons are SVG `data:` URLs in its CSS); nothing else, no
 * inline script, no `eval`, no framing. "Try it out" may send requests to the server only.
 * @see https://www.w3.org/TR/CSP3/ @internal
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page's own files under `{path}/`, with their content types. @internal */
export const PAGE_FILES = {
  'docs.js': 'text/javascript; charset=utf-8',
  'docs.css': 'text/css; charset=utf-8',
} as const;

/** The last segment of the page's path: what its relative URLs start with. */
function base(docs: DocsConfig): string {
  return docs.path.slice(docs.path.lastIndexOf('/') + 1);
}

/** The HTML of the page at `{path}`. @internal */
export function pageHtml(docs: DocsConfig): string {
  const b = base(docs);
  const asyncapi =
    docs.asyncapi === undefined ? '' : `\n      <a href="${b}/asyncapi.json">asyncapi.json</a>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(docs.title)}</title>
    <link rel="stylesheet" href="${b}/swagger-ui.css">
    <link rel="stylesheet" href="${b}/docs.css">
    <link rel="icon" type="image/png" href="${b}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${b}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <nav class="fw-docs-links">
      <a href="${b}/openapi.json">openapi.json</a>${asyncapi}
    </nav>
    <div id="swagger-ui"></div>
    <script src="${b}/swagger-ui-bundle.js"></script>
    <script src="${b}/docs.js"></script>
  </body>
</html>
`;
}

/**
 * The script that starts Swagger UI on the OpenAPI document: the base layout (no top bar to load
 * other documents) and no validator badge, which would call validator.swagger.io. @internal
 */
export function pageScript(docs: DocsConfig): string {
  return `// The API docs page of fw: Swagger UI on the app's OpenAPI document.
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${base(docs)}/openapi.json`)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;
}

/** The page's CSS besides Swagger UI's. @internal */
export const PAGE_CSS = `html { box-sizing: border-box; overflow-y: scroll; }
*, *::before, *::after { box-sizing: inherit; }
body { margin: 0; background: #fafafa; }
.fw-docs-links { padding: 10px 20px 0; font: 14px sans-serif; text-align: right; }
.fw-docs-links a { margin-left: 16px; color: #3b4151; }
`;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}
