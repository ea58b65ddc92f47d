/** What a client costs a bundle: its module minified by esbuild, and that gzipped (zlib level 6, its default). */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

/** Sizes in bytes. */
export interface Size {
  readonly source: number;
  readonly minified: number;
  readonly gzipped: number;
}

const gz = (text: string) => gzipSync(Buffer.from(text)).length;

/** The sizes of one TypeScript module that imports nothing (fw's generated client). */
export async function moduleSize(file: string): Promise<Size> {
  const source = readFileSync(file, 'utf8');
  const { code } = await transform(source, { loader: 'ts', format: 'esm', minify: true });
  return {
    source: Buffer.byteLength(source),
    minified: Buffer.byteLength(code),
    gzipped: gz(code),
  };
}

/**
 * The sizes of what `import { hc } from 'hono/client'` puts in a bundle, resolved from `dir`:
 * Hono's client is the same code for any app, its routes being types only.
 */
export async function honoClientSize(dir: string): Promise<Size> {
  const out = await build({
    stdin: { contents: "export { hc } from 'hono/client';", resolveDir: dir, loader: 'ts' },
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
  });
  const code = out.outputFiles[0]!.text;
  return { source: Number.NaN, minified: Buffer.byteLength(code), gzipped: gz(code) };
}
