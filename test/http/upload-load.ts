/**
 * What the upload memory tests share: the upload server run as a child process, its resident
 * memory sampled from /proc, and multipart uploads generated as they are sent (never stored).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER = fileURLToPath(new URL('./upload-server.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The upload server in a child process, and the most memory it has held since it started. */
export interface UploadServer {
  readonly port: number;
  /** The highest VmRSS sampled so far, in bytes. */
  peakRss(): number;
  /** The VmRSS now, in bytes. */
  rss(): number;
  stop(): Promise<void>;
}

/** Starts the upload server with `options` (createApp's, as JSON) and samples its VmRSS every 10 ms. */
export async function startUploadServer(options: object = {}): Promise<UploadServer> {
  const child = spawn(
    process.execPath,
    ['--import', TSX, '--conditions=source', SERVER, JSON.stringify(options)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await portOf(child);
  const pid = child.pid as number;
  let peak = rssOf(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  return {
    port,
    peakRss: () => peak,
    rss: () => rssOf(pid),
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function portOf(child: ChildProcess): Promise<number> {
  let text = '';
  for await (const chunk of child.stdout as Readable) {
    text += String(chunk);
    const line = text.split('\n')[0];
    if (text.includes('\n') && line !== undefined) return Number(line);
  }
  throw new Error(`the upload server exited (${child.exitCode}) before it listened`);
}

/** The resident memory of process `pid`, in bytes, from /proc/<pid>/status. */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0; // the process has exited
  }
}

const BOUNDARY = 'fw-load-boundary';
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

function partHead(i: number): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="${i}.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
}

/** A form of `files` files of `fileBytes` bytes each, generated as it is read. */
function formBody(files: number, fileBytes: number): { length: number; body: Readable } {
  const tail = Buffer.from(`--${BOUNDARY}--\r\n`);
  let length = tail.length;
  for (let i = 0; i < files; i++) length += partHead(i).length + fileBytes + 2;
  async function* generate() {
    for (let i = 0; i < files; i++) {
      yield partHead(i);
      for (let left = fileBytes; left > 0; left -= CHUNK.length) {
        yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      }
      yield Buffer.from('\r\n');
    }
    yield tail;
  }
  return { length, body: Readable.from(generate(), { objectMode: false }) };
}

/** An answer to an upload. */
export interface UploadAnswer {
  /** 0 when the connection failed before the answer could be read. */
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: string;
  /** The connection's error code when it failed first (`EPIPE`, `ECONNRESET`). */
  readonly error?: string;
}

/**
 * POSTs a form of `files` files of `fileBytes` bytes to `path`, generated as it is sent; resolves
 * with the answer, which may come before the body is all sent (a refusal closes the connection).
 */
export function upload(
  port: number,
  path: string,
  files: number,
  fileBytes: number,
): Promise<UploadAnswer> {
  const { length, body } = formBody(files, fileBytes);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(length),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      body.unpipe(req);
      body.destroy();
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, retryAfter, body: text });
      });
      res.on('error', reject);
    });
    // A refused upload's connection closes while the body is still being sent: the client's
    // write can fail before its parser has read the answer, which is then lost with the socket.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      const code = err.code ?? '';
      if (code === 'EPIPE' || code === 'ECONNRESET') {
        resolve({ status: 0, retryAfter: undefined, body: '', error: code });
      } else reject(err);
    });
    body.pipe(req);
  });
}

/** Bytes as whole mebibytes, for messages. */
export function mib(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MiB`;
}
