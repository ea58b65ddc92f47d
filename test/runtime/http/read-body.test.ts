import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../../runtime/http/read-body.js';
import { chunked, failing, generated, rejection } from './multipart-fixtures.js';

const MiB = 1024 * 1024;
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

type Ok = [
  name: string,
  { given: Uint8Array[]; limit: number; contentLength?: string | number; want: string },
];

const ok: Ok[] = [
  ['an empty body', { given: [], limit: 10, want: '' }],
  ['empty chunks only', { given: [bytes(''), bytes('')], limit: 10, want: '' }],
  ['one chunk', { given: [bytes('hello')], limit: 10, want: 'hello' }],
  ['several chunks', { given: [bytes('he'), bytes(''), bytes('llo')], limit: 10, want: 'hello' }],
  [
    'exactly at the limit',
    { given: [bytes('12345'), bytes('67890')], limit: 10, want: '1234567890' },
  ],
  [
    'a declared size at the limit',
    { given: [bytes('abc')], limit: 3, contentLength: '3', want: 'abc' },
  ],
  [
    'a Content-Length that is not a number',
    { given: [bytes('abc')], limit: 3, contentLength: 'x1', want: 'abc' },
  ],
  ['an empty Content-Length', { given: [bytes('abc')], limit: 3, contentLength: '', want: 'abc' }],
];

type Refused = [
  name: string,
  { given: Uint8Array[]; limit: number; contentLength?: string | number },
];

const refused: Refused[] = [
  ['one byte over in one chunk', { given: [bytes('12345678901')], limit: 10 }],
  ['one byte over across chunks', { given: [bytes('12345'), bytes('678901')], limit: 10 }],
  ['a declared size over the limit', { given: [bytes('1')], limit: 10, contentLength: '11' }],
  ['a declared size with spaces', { given: [bytes('1')], limit: 10, contentLength: ' 11 ' }],
  ['a declared size as a number', { given: [bytes('1')], limit: 10, contentLength: 11 }],
];

describe('readBody', () => {
  it.each(ok)('reads %s', async (_name, { given, limit, contentLength, want }) => {
    const got = await readBody(chunkSource(given), { limit, contentLength });
    expect(new TextDecoder().decode(got)).toBe(want);
  });

  it.each(refused)('refuses %s with 413', async (_name, { given, limit, contentLength }) => {
    const err = await rejection(readBody(chunkSource(given), { limit, contentLength }));
    expect(err).toMatchObject({ code: 'FW_ERR_BODY_TOO_LARGE', status: 413 });
    expect(err.message).toBe(`Request body exceeds the limit of ${limit} bytes`);
  });

  it('returns a single chunk as is, without a copy', async () => {
    const chunk = bytes('{"a":1}');
    await expect(readBody([chunk], { limit: 100 })).resolves.toBe(chunk);
  });

  it('refuses a declared size before pulling a single chunk', async () => {
    const source = generated(160, 64 * 1024);
    const err = await rejection(readBody(source, { limit: MiB, contentLength: String(10 * MiB) }));
    expect(err.code).toBe('FW_ERR_BODY_TOO_LARGE');
    expect(source.pulled).toBe(0);
  });

  it('stops pulling a 10 MiB body as soon as it passes a 1 MiB limit, and leaves it open', async () => {
    const source = generated(160, 64 * 1024);
    const err = await rejection(readBody(source, { limit: MiB }));
    expect(err).toMatchObject({ code: 'FW_ERR_BODY_TOO_LARGE', status: 413 });
    expect(source.pulled).toBe(17); // 16 chunks make 1 MiB; the 17th passes it
    expect(source.closed).toBe(false); // a socket must stay open for the 413 to be sent
  });

  it('reads a body split into odd chunk sizes', async () => {
    const body = bytes('x'.repeat(1000));
    const got = await readBody(chunked(body, [1, 3, 7, 13, 64]), { limit: 1000 });
    expect(got).toEqual(body);
  });

  it('rejects with the error of a source that fails (a client that aborted)', async () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const source = failing([bytes('partial')], aborted);
    await expect(readBody(source, { limit: 100 })).rejects.toBe(aborted);
  });
});

// A Node stream (what the server passes: an IncomingMessage) is read through its events; the same
// rules hold.
describe('readBody from a Node stream', () => {
  const stream = (chunks: Uint8Array[]) => Readable.from(chunks, { objectMode: false });

  it.each(ok)('reads %s', async (_name, { given, limit, contentLength, want }) => {
    const got = await readBody(stream(given), { limit, contentLength });
    expect(new TextDecoder().decode(got)).toBe(want);
  });

  it.each(refused)('refuses %s with 413', async (_name, { given, limit, contentLength }) => {
    const err = await rejection(readBody(stream(given), { limit, contentLength }));
    expect([err.code, err.status]).toEqual(['FW_ERR_BODY_TOO_LARGE', 413]);
  });

  it('stops reading past the limit and leaves the stream paused, not destroyed', async () => {
    const source = Readable.from(Array.from({ length: 40 }, () => new Uint8Array(64 * 1024)));
    const err = await rejection(readBody(source, { limit: MiB }));
    expect(err.code).toBe('FW_ERR_BODY_TOO_LARGE');
    expect([source.isPaused(), source.destroyed]).toEqual([true, false]);
    expect(source.listenerCount('data')).toBe(0);
  });

  it('rejects with the error the stream fails with', async () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const source = new Readable({ read() {} });
    const reading = readBody(source, { limit: 100 });
    source.push(bytes('partial'));
    source.destroy(aborted);
    await expect(reading).rejects.toBe(aborted);
  });

  it('rejects as aborted when the stream closes before its end', async () => {
    const source = new Readable({ read() {}, emitClose: true });
    const reading = readBody(source, { limit: 100 });
    source.push(bytes('partial'));
    source.destroy();
    await expect(reading).rejects.toMatchObject({ message: 'aborted', code: 'ECONNRESET' });
  });

  it('answers an empty body for a stream that has already ended', async () => {
    const source = Readable.from([bytes('read before')]);
    await readBody(source, { limit: 100 });
    await expect(readBody(source, { limit: 100 })).resolves.toEqual(new Uint8Array(0));
  });
});

function chunkSource(chunks: Uint8Array[]): AsyncIterable<Uint8Array> {
  return (async function* () {
    yield* chunks;
  })();
}
