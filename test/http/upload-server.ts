/**
 * A server for the upload memory tests, run as a child process so that its resident memory is its
 * own: `node --import tsx --conditions=source upload-server.ts '<AppOptions as JSON>'`. It prints
 * its port on stdout and serves `POST /stream` (a `MultipartParts` handler that counts each file's
 * bytes as they pass) and `POST /buffer` (an `UploadedFiles` handler, the files in memory).
 */
import { BINDINGS_VERSION, createApp, defineController, type HandlerBinding } from 'fw';
import type { MultipartParts, UploadedFiles } from 'fw/core';

class Uploads {}

async function streamed(parts: MultipartParts): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for await (const part of parts) {
    if (part.kind !== 'file') continue;
    files++;
    for await (const chunk of part.stream) bytes += (chunk as Buffer).byteLength;
  }
  return { files, bytes };
}

function buffered(form: UploadedFiles): { files: number; bytes: number } {
  const list = Object.values(form).flat();
  return { files: list.length, bytes: list.reduce((n, f) => n + f.size, 0) };
}

const handlers: HandlerBinding<Uploads>[] = [
  {
    name: 'stream',
    method: 'POST',
    path: '/stream',
    params: [{ index: 0, name: 'parts', type: 'fw/core#MultipartParts', optional: false }],
    interceptors: [],
    invoke: (_c, [parts]) => streamed(parts as MultipartParts),
  },
  {
    name: 'buffer',
    method: 'POST',
    path: '/buffer',
    params: [{ index: 0, name: 'files', type: 'fw/core#UploadedFiles', optional: false }],
    interceptors: [],
    invoke: (_c, [files]) => buffered(files as UploadedFiles),
  },
];

const options = JSON.parse(process.argv[2] ?? '{}');
const controller = defineController({ type: Uploads, name: 'Uploads', interceptors: [], handlers });
const app = createApp({
  ...options,
  bindings: { version: BINDINGS_VERSION, controllers: [controller] },
  logger: { error() {}, warn() {}, info() {} },
});
const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
