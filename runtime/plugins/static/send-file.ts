/**
 * One file answered through `@fastify/send`, which does the HTTP details: `ETag` and
 * `Last-Modified`, 304 and 412 on conditional requests, `Range` with 206 and 416, `Content-Type`
 * by extension, `Cache-Control`, the folder index. fw adds the checks of its own: the file's real
 * path (symbolic links resolved, at open) must lie under the root, and every refusal is a 404.
 * @see https://github.com/fastify/send
 */
import type { Stats } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type send from '@fastify/send';
import { FwError } from '../../core/errors.js';
import { isInside, type StaticMount } from './static-options.js';

/** A file to send: status 200, 206 or 304, its headers, and its bytes (empty for HEAD and 304). */
export interface SentFile {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly stream: Readable;
}

/** What a path answers: a file, a folder asked for without its `/`, or nothing to serve. */
export type FileAnswer = SentFile | 'folder' | 'not-found';

/** The request as `send` reads it: its method and the headers of conditions and ranges. */
export interface FileRequest {
  method(): string;
  header(name: string): string;
}

/** The request headers `send` looks at, lower case. */
const CONDITIONS = [
  'if-match',
  'if-unmodified-since',
  'if-none-match',
  'if-modified-since',
  'cache-control',
  'range',
  'if-range',
] as const;

/** Thrown by `onFile` for a file that is not regular or whose real path leaves the root. */
const REFUSED = new Error('not a regular file under the static root');

/**
 * Answers `path` (percent-encoded, from `filePath`) under `mount`'s root. Throws `FwError` 412 or
 * 416 for a failed precondition or an unsatisfiable range, and the file system's error otherwise.
 * @internal
 */
export async function sendFile(
  mount: StaticMount,
  request: FileRequest,
  path: string,
): Promise<FileAnswer> {
  const headers: Record<string, string> = {};
  for (const name of CONDITIONS) {
    const value = request.header(name);
    if (value !== '') headers[name] = value;
  }
  const req = { method: request.method(), headers } as unknown as Readable;
  const checkInside = async (file: string, stat: Stats): Promise<void> => {
    // A FIFO or a device would hang or never end: only regular files are sent.
    if (!stat.isFile() || !isInside(mount.root, await realpath(file))) throw REFUSED;
  };
  const sendOf = await loadSend();
  let result: Awaited<ReturnType<typeof send>>;
  try {
    result = await sendOf(req, path, {
      root: mount.root,
      index: mount.index === false ? false : [mount.index],
      maxAge: mount.maxAge,
      immutable: mount.immutable,
      dotfiles: 'ignore',
      extensions: false,
      onFile: checkInside,
    });
  } catch (err) {
    if (err === REFUSED) return 'not-found';
    throw err;
  }
  const { statusCode, stream } = result;
  if (result.type === 'file')
    return { status: statusCode, headers: stringed(result.headers), stream };
  stream.destroy();
  if (result.type === 'directory') {
    // send redirects a folder to its path with `/`: only a folder under the root may say it exists.
    const real = await realpath(result.metadata.path).catch(() => undefined);
    return real !== undefined && isInside(mount.root, real) ? 'folder' : 'not-found';
  }
  switch (statusCode) {
    case 412:
      throw new FwError('FW_ERR_PRECONDITION_FAILED');
    case 416: {
      const range = String(result.headers['Content-Range'] ?? 'bytes */0');
      const size = Number(range.slice(range.lastIndexOf('/') + 1));
      throw new FwError(
        'FW_ERR_RANGE_NOT_SATISFIABLE',
        { size },
        { headers: { 'Content-Range': range } },
      );
    }
    case 500:
      throw new Error(`reading ${path} under ${mount.root} failed`, {
        cause: (result.metadata as { error?: unknown }).error,
      });
    default:
      // 400 (a malformed path), 403 (`..`, a folder without index) and 404 alike: nothing here.
      return 'not-found';
  }
}

/**
 * `@fastify/send` (and the mime table it reads), imported at the first file sent rather than at
 * start-up: loading it costs a process tens of milliseconds before its first request, and an app
 * without static files never needs it.
 */
let sendModule: Promise<typeof send> | undefined;
function loadSend(): Promise<typeof send> {
  sendModule ??= import('@fastify/send').then((m) => m.default);
  return sendModule;
}

/** `send`'s headers with every value a string (it gives `Content-Length` as a number). */
function stringed(headers: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) out[name] = String(headers[name]);
  return out;
}
