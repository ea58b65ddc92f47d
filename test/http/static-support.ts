/**
 * The harness of the static-file tests: a temp folder with a served root, a secret file beside it
 * and symbolic links out of and within the root, and a raw request whose target reaches the
 * server exactly as written (`fetch` would resolve `..` and re-encode).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { RawClient, type RawResponse } from './support.js';

/** What no response may ever contain: the content of `secret.txt`, beside the root. */
export const SECRET = 'TOP-SECRET-7f3a9c';

/** The files of the served root, by path under it. */
export const FILES: Readonly<Record<string, string>> = {
  'index.html': '<!doctype html><title>home</title>',
  'app.js': 'console.log("app");',
  'style.css': 'body { color: red }',
  'data.json': '{"a":1}',
  'digits.txt': '0123456789',
  'docs/index.html': '<h1>docs</h1>',
  'docs/guide.txt': 'the guide',
  'empty/.keep': '',
  'with space.txt': 'spaced',
  '.env': 'DOTFILE',
  '.hidden/inside.txt': 'HIDDEN',
};

/** A temp folder: `root/` (FILES and links), `secret.txt` beside it; removed after the test. */
export function staticTree(): { dir: string; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fw-static-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const root = join(dir, 'root');
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(dir, 'outside', 'secret.txt'), SECRET);
  // Out of the root: a file, and a folder.
  symlinkSync(join(dir, 'secret.txt'), join(root, 'link-out.txt'));
  symlinkSync(join(dir, 'outside'), join(root, 'dir-out'));
  // Within the root: may be served.
  symlinkSync(join(root, 'digits.txt'), join(root, 'link-in.txt'));
  return { dir, root };
}

/** One request on a fresh connection, the target sent byte for byte. */
export async function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<RawResponse> {
  const client = await RawClient.connect(port);
  try {
    const lines = Object.entries(headers).map(([n, v]) => `${n}: ${v}\r\n`);
    await client.write(
      `${method} ${target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n${lines.join('')}\r\n`,
    );
    return await client.response({ head: method === 'HEAD' });
  } finally {
    client.destroy();
  }
}
