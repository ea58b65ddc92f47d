// `MultipartFile.save()` writes an upload to a temporary file that is removed when the request
// ends, however it ends: answered, failed in the handler, refused mid-file, or left by its client
// (API.md section 4, "Uploads").
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { MultipartParts, SavedFile } from 'fw/core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { deferred, problem, RawClient, type Served, serve } from './support.js';

const BOUNDARY = 'fw-spool-boundary';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function fileHead(name: string, filename: string): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
    'Content-Type: text/plain\r\n\r\n'
  );
}

/** A form of files `a.txt` (`aaa`) and `b.txt` (`bbbbb`). */
const FORM = Buffer.from(
  `${fileHead('a', 'a.txt')}aaa\r\n${fileHead('b', 'b.txt')}bbbbb\r\n--${BOUNDARY}--\r\n`,
);

/** A server whose handler saves every file, records them in `saved`, then runs `after`. */
function saving(
  saved: SavedFile[],
  after: (files: SavedFile[]) => unknown = (files) => files.map((f) => f.size),
  options: Parameters<typeof serve>[1] = {},
): Promise<Served> {
  const handle = async (parts: MultipartParts) => {
    for await (const part of parts) if (part.kind === 'file') saved.push(await part.save());
    return after(saved);
  };
  return serve(
    [{ method: 'POST', path: '/save', params: ['parts:fw/core#MultipartParts'], handle }],
    options,
  );
}

async function post(port: number, body: Buffer, declared = body.length) {
  const client = await RawClient.connect(port);
  await client.write(
    `POST /save HTTP/1.1\r\nHost: t\r\nContent-Type: ${TYPE}\r\nContent-Length: ${declared}\r\n\r\n`,
  );
  void client.write(body);
  const res = await client.response();
  client.destroy();
  return res;
}

/** Waits, a bounded while, for none of `paths` to exist; answers those still there. */
async function gone(paths: readonly string[]): Promise<string[]> {
  for (let i = 0; i < 200; i++) {
    const left = paths.filter((p) => existsSync(p));
    if (left.length === 0) return left;
    await new Promise((r) => setTimeout(r, 25));
  }
  return paths.filter((p) => existsSync(p));
}

describe('MultipartFile.save()', () => {
  it('writes each file to a temporary file of its own, removed once the answer is sent', async () => {
    const saved: SavedFile[] = [];
    const contents = deferred<string[]>();
    const { port } = await saving(saved, async (files) => {
      contents.resolve(await Promise.all(files.map((f) => readFile(f.path, 'utf8'))));
      const modes = await Promise.all(files.map(async (f) => (await stat(f.path)).mode & 0o777));
      return { sizes: files.map((f) => f.size), modes };
    });

    const res = await post(port, FORM);

    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ sizes: [3, 5], modes: [0o600, 0o600] });
    expect(await contents.promise).toEqual(['aaa', 'bbbbb']);
    expect(
      saved.map(({ name, filename, contentType }) => ({ name, filename, contentType })),
    ).toEqual([
      { name: 'a', filename: 'a.txt', contentType: 'text/plain' },
      { name: 'b', filename: 'b.txt', contentType: 'text/plain' },
    ]);
    expect(dirname(saved[0]?.path ?? '')).toBe(dirname(saved[1]?.path ?? ''));
    expect(saved[0]?.path.startsWith(tmpdir())).toBe(true);
    expect(await gone([...saved.map((f) => f.path), dirname(saved[0]?.path ?? '')])).toEqual([]);
  });

  it('removes the files when the handler fails after saving them', async () => {
    const saved: SavedFile[] = [];
    const { port, alive } = await saving(saved, () => {
      throw new Error('the handler failed');
    });

    const res = await post(port, FORM);

    expect(res.status).toBe(500);
    expect(saved).toHaveLength(2);
    expect(await gone(saved.map((f) => f.path))).toEqual([]);
    expect(await alive()).toBe(200);
  });

  it('fails a save past maxFileBytes with 413 and removes what it had written', async () => {
    const saved: SavedFile[] = [];
    const first = deferred();
    const { port } = await serve(
      [
        {
          method: 'POST',
          path: '/save',
          params: ['parts:fw/core#MultipartParts'],
          handle: async (parts: MultipartParts) => {
            for await (const part of parts) {
              if (part.kind !== 'file') continue;
              saved.push(await part.save());
              first.resolve();
            }
          },
        },
      ],
      { multipart: { maxFileBytes: 4 } },
    );
    const client = await RawClient.connect(port);
    // a.txt ends where b.txt's head begins; b.txt's 5 bytes come once a.txt is saved.
    const head = `${fileHead('a', 'a.txt')}aaa\r\n${fileHead('b', 'b.txt')}`;
    const rest = `bbbbb\r\n--${BOUNDARY}--\r\n`;
    await client.write(
      `POST /save HTTP/1.1\r\nHost: t\r\nContent-Type: ${TYPE}\r\n` +
        `Content-Length: ${head.length + rest.length}\r\n\r\n${head}`,
    );
    await first.promise;
    void client.write(rest);

    const res = await client.response();
    client.destroy();

    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(
      problem(
        413,
        'Content Too Large',
        'Multipart body exceeds the limit of 4 bytes per file',
        'FW_ERR_MULTIPART_LIMIT',
      ),
    );
    expect(saved).toHaveLength(1);
    const folder = dirname(saved[0]?.path ?? '');
    expect(await gone([saved[0]?.path ?? '', join(folder, '2'), folder])).toEqual([]);
  });

  it('removes the files saved so far when the client goes away mid-upload', async () => {
    const saved: SavedFile[] = [];
    const first = deferred();
    const failed = deferred<unknown>();
    const { port, alive } = await serve([
      {
        method: 'POST',
        path: '/save',
        params: ['parts:fw/core#MultipartParts'],
        handle: async (parts: MultipartParts) => {
          try {
            for await (const part of parts) {
              if (part.kind !== 'file') continue;
              const saving = part.save();
              if (saved.length === 0) saved.push(await saving);
              else {
                first.resolve();
                await saving;
              }
            }
          } catch (err) {
            failed.resolve(err);
            throw err;
          }
        },
      },
    ]);
    const client = await RawClient.connect(port);
    await client.write(
      `POST /save HTTP/1.1\r\nHost: t\r\nContent-Type: ${TYPE}\r\nContent-Length: 10000000\r\n\r\n`,
    );
    await client.write(`${fileHead('a', 'a.txt')}aaa\r\n${fileHead('b', 'b.txt')}`);
    await client.write(Buffer.alloc(256 * 1024, 0x62));
    await first.promise;

    client.destroy();

    expect(await failed.promise).toBeInstanceOf(Error);
    expect(saved).toHaveLength(1);
    expect(await gone([saved[0]?.path ?? '', dirname(saved[0]?.path ?? '')])).toEqual([]);
    expect(await alive()).toBe(200);
  });

  it('keeps a file the handler moved out of the temporary folder', async () => {
    const keep = await mkdtemp(join(tmpdir(), 'fw-spool-test-'));
    onTestFinished(() => rm(keep, { recursive: true, force: true }));
    const saved: SavedFile[] = [];
    const { port } = await saving(saved, async (files) => {
      for (const f of files) await rename(f.path, join(keep, f.filename));
      return 'moved';
    });

    const res = await post(port, FORM);

    expect(res.status).toBe(200);
    expect(await gone([dirname(saved[0]?.path ?? '')])).toEqual([]);
    expect(await readFile(join(keep, 'a.txt'), 'utf8')).toBe('aaa');
    expect(await readFile(join(keep, 'b.txt'), 'utf8')).toBe('bbbbb');
  });
});
