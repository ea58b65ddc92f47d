/**
 * The files of Swagger UI the docs page serves, read from the npm package `swagger-ui-dist` (an
 * optional peer dependency of fw) once per process. Only the files named in
 * {@link SWAGGER_UI_FILES} are ever read: no request names a file of the package.
 */
import { readFileSync } from 'node:fs';
// Renamed: an app bundled by esbuild often declares its own `createRequire` in a banner, and an
// import of the same name in the bundle would clash with it (test/toolchains, esbuild).
import { createRequire as requireFrom } from 'node:module';
import { dirname, join } from 'node:path';
import { FwError } from '../../core/errors.js';

/** The package the page's assets come from. @internal */
export const SWAGGER_UI_PACKAGE = 'swagger-ui-dist';

/**
 * Every file of the package that is served, with its content type: the bundle (React and Swagger
 * UI in one script, no other needed with the base layout), its styles and the icons. @internal
 */
export const SWAGGER_UI_FILES = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
} as const;

/** The name of a file served from the package. @internal */
export type SwaggerUiFile = keyof typeof SWAGGER_UI_FILES;

/** Resolves a module specifier to a file path as `require.resolve` does; throws when it cannot. @internal */
export type Resolve = (specifier: string) => string;

/** Resolves from fw itself: where npm, pnpm and yarn put fw's peer dependencies. */
const fromFw: Resolve = (specifier) => requireFrom(import.meta.url).resolve(specifier);

const read = new Map<string, ReadonlyMap<SwaggerUiFile, Buffer>>();

/**
 * The served files of the installed `swagger-ui-dist`, read once per process. Throws
 * `FW_ERR_PACKAGE_MISSING` when the package cannot be resolved, or lacks one of the files.
 * @internal
 */
export function swaggerUiFiles(resolve: Resolve = fromFw): ReadonlyMap<SwaggerUiFile, Buffer> {
  let dir: string;
  try {
    dir = dirname(resolve(`${SWAGGER_UI_PACKAGE}/package.json`));
  } catch (err) {
    throw missing(`is not installed (${SWAGGER_UI_PACKAGE}/package.json cannot be resolved)`, err);
  }
  let files = read.get(dir);
  if (files === undefined) {
    const contents = new Map<SwaggerUiFile, Buffer>();
    for (const name of Object.keys(SWAGGER_UI_FILES) as SwaggerUiFile[]) {
      try {
        contents.set(name, readFileSync(join(dir, name)));
      } catch (err) {
        throw missing(`has no ${name} in ${dir} (an incomplete install)`, err);
      }
    }
    files = contents;
    read.set(dir, files);
  }
  return files;
}

function missing(reason: string, cause: unknown): FwError<'FW_ERR_PACKAGE_MISSING'> {
  return new FwError(
    'FW_ERR_PACKAGE_MISSING',
    { feature: 'createApp({ docs })', package: SWAGGER_UI_PACKAGE, reason },
    { cause },
  );
}
