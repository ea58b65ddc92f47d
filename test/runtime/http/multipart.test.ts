import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMITS, type MultipartLimits } from '../../../runtime/http/body-limits.js';
import type { MultipartForm } from '../../../runtime/http/multipart.js';
import { parseMultipart } from '../../../runtime/http/multipart.js';
import {
  BOUNDARY,
  chunked,
  failing,
  field,
  file,
  formType,
  multipartBody,
  type Part,
  plain,
  rejection,
  SIMPLE,
  SIMPLE_WANT,
} from './multipart-fixtures.js';

type Limits = Partial<MultipartLimits>;
const limits = (over: Limits = {}): MultipartLimits => ({
  ...DEFAULT_BODY_LIMITS.multipart,
  ...over,
});
const parse = (body: Uint8Array, over: Limits = {}, sizes?: number[]) =>
  parseMultipart(chunked(body, sizes), { 'content-type': formType() }, limits(over));
const first = (form: MultipartForm, name: string) => form.file[name]?.[0];

describe('parseMultipart', () => {
  const chunkings: [name: string, sizes: number[]][] = [
    ['one byte at a time', [1]],
    ['in odd sizes', [1, 3, 7, 13, 64]],
    ['with boundaries split at many offsets', [5, 11, 17, 29, 41]],
    ['in one chunk', [1 << 20]],
  ];
  it.each(chunkings)('parses fields and files fed %s', async (_name, sizes) => {
    expect(await plain(await parse(multipartBody(SIMPLE), {}, sizes))).toEqual(SIMPLE_WANT);
  });

  it('reads [buffer], as inject() passes a body, and plain Uint8Array chunks', async () => {
    const body = multipartBody(SIMPLE);
    const fromArray = await parseMultipart([body], { 'content-type': formType() }, limits());
    expect(await plain(fromArray)).toEqual(SIMPLE_WANT);
    expect(await plain(await parse(new Uint8Array(body), {}, [17]))).toEqual(SIMPLE_WANT);
  });

  it('returns frozen, null-prototype records, lists and files', async () => {
    const form = await parse(multipartBody(SIMPLE));
    const { value, file } = form;
    expect([Object.getPrototypeOf(value), Object.getPrototypeOf(file)]).toEqual([null, null]);
    const lists = [...Object.values(value), ...Object.values(file)];
    for (const frozen of [form, value, file, ...lists, ...Object.values(file).flat()]) {
      expect(Object.isFrozen(frozen)).toBe(true);
    }
  });

  it('parses an empty form', async () => {
    expect(await plain(await parse(multipartBody([])))).toEqual({ value: {}, file: {} });
  });

  const filenames: [name: string, sent: string][] = [
    ['a UTF-8 name', 'résumé ✓.pdf'],
    ['a path (untrusted)', '../../etc/passwd'],
    ['a Windows path', 'C:\\Users\\me\\a.txt'],
    ['an empty name (an empty file input)', ''],
  ];
  it.each(filenames)('keeps %s as sent', async (_name, sent) => {
    const form = await parse(multipartBody([{ name: 'f', filename: sent, data: 'x' }]));
    expect(first(form, 'f')?.filename).toBe(sent);
  });

  it('reads filename* (RFC 5987) and an octet-stream part without a filename', async () => {
    const a = "Content-Disposition: form-data; name=a; filename*=UTF-8''%E2%9C%93.txt";
    const b = ['Content-Disposition: form-data; name=b', 'Content-Type: application/octet-stream'];
    const form = await parse(
      multipartBody([
        { headers: [a], data: '1' },
        { headers: b, data: '2' },
      ]),
    );
    expect(first(form, 'a')).toMatchObject({
      filename: '✓.txt',
      contentType: 'text/plain',
      size: 1,
    });
    expect(first(form, 'b')).toMatchObject({
      filename: '',
      contentType: 'application/octet-stream',
    });
  });

  it('drops parts without a name and parts named __proto__', async () => {
    const parts: Part[] = [
      { headers: ['Content-Disposition: form-data'], data: 'nameless' },
      { name: '__proto__', value: 'x' },
      { name: '__proto__', filename: 'p.json', data: '{"polluted":1}' },
      { name: 'constructor', value: 'kept' },
    ];
    const form = await parse(multipartBody(parts));
    expect([Object.keys(form.value), Object.keys(form.file)]).toEqual([['constructor'], []]);
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });

  it('waits for the parser to drain: a 5 MiB file in 64 KiB chunks', async () => {
    const data = new Uint8Array(5 * 1024 * 1024).map((_, i) => i % 251);
    const body = multipartBody([{ name: 'big', filename: 'big.bin', data }]);
    const got = first(await parse(body, {}, [65536]), 'big');
    expect(got?.size).toBe(data.byteLength);
    expect(Buffer.from(data).equals((await got?.bytes()) ?? new Uint8Array(0))).toBe(true);
  });

  it('parses two forms at once, each with its own parser', async () => {
    const [a, b] = await Promise.all([
      parse(multipartBody([{ name: 'n', value: 'a' }]), {}, [3]),
      parse(multipartBody([{ name: 'n', value: 'b' }]), {}, [5]),
    ]);
    expect([a.value, b.value]).toEqual([{ n: ['a'] }, { n: ['b'] }]);
  });
});

describe('parseMultipart refuses', () => {
  afterEach(() => expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false));

  const mixed = `multipart/mixed; boundary=${BOUNDARY}`;
  const types: [name: string, type: string | undefined, shown: string][] = [
    ['a missing Content-Type', undefined, '(none)'],
    ['an empty Content-Type', '', '(none)'],
    ['JSON', 'application/json', 'application/json'],
    ['multipart/mixed', mixed, mixed],
  ];
  it.each(types)('%s with 415', async (_name, type, shown) => {
    const source = chunked(multipartBody(SIMPLE));
    const err = await rejection(parseMultipart(source, { 'content-type': type }, limits()));
    expect(err).toMatchObject({ code: 'FW_ERR_UNSUPPORTED_MEDIA_TYPE', status: 415 });
    const send = 'send multipart/form-data';
    expect(err.message).toBe(`Content-Type '${shown}' is not supported here; ${send}`);
    expect(source.pulled).toBe(0);
  });

  const ENDED = 'the body ended before the closing boundary';
  const F = formType();
  const noColon = multipartBody([{ headers: ['Content-Disposition form-data'], data: 'x' }]);
  const unclosed = multipartBody(SIMPLE, { close: false });
  const noBoundary = 'the Content-Type has no boundary parameter';
  const broken: [name: string, type: string, body: Uint8Array, reason: string][] = [
    ['a missing boundary', 'multipart/form-data', multipartBody(SIMPLE), noBoundary],
    ['a boundary that never appears', F, Buffer.from('no boundary\r\n'.repeat(99)), ENDED],
    ['an empty body', F, new Uint8Array(0), ENDED],
    ['a body truncated inside a file', F, multipartBody(SIMPLE).subarray(0, 300), ENDED],
    ['a body without the final boundary', F, unclosed, ENDED],
    ['a body truncated in part headers', F, Buffer.from(`--${BOUNDARY}\r\nContent-Di`), ENDED],
    ['a part header without a colon', F, noColon, 'a part has a malformed header'],
  ];
  it.each(broken)('%s with 400', async (_name, type, body, reason) => {
    const source = chunked(body, [1, 7, 13, 64]);
    const err = await rejection(parseMultipart(source, { 'content-type': type }, limits()));
    expect(err).toMatchObject({ code: 'FW_ERR_MULTIPART_MALFORMED', status: 400 });
    expect(err.message).toBe(`Malformed multipart body: ${reason}`);
  });

  const tiny = Array.from({ length: 1000 }, (_, i) => file(`f${i}`, 1));
  const nameless: Part = { headers: ['X-A: 1'], data: '' };
  const [a, b, c] = [field('a', 1), file('b', 1), field('c', 1)];
  const over: [name: string, parts: Part[], limits: Limits, limit: string][] = [
    ['a thousand tiny files', tiny, {}, '10 files'],
    ['one file too many', [b, b], { maxFiles: 1 }, '1 files'],
    ['one field too many', [a, a, c], { maxFields: 2 }, '2 fields'],
    ['one part too many', [a, b, c], { maxParts: 2 }, '2 parts'],
    ['nameless parts too many', [nameless, nameless], { maxParts: 1 }, '1 parts'],
    ['a file one byte too big', [file('a', 101)], { maxFileBytes: 100 }, '100 bytes per file'],
    ['a field one byte too big', [field('a', 65)], { maxFieldBytes: 64 }, '64 bytes per field'],
    ['a body over maxTotalBytes', [file('a', 500)], { maxTotalBytes: 400 }, '400 bytes in total'],
  ];
  it.each(over)('%s with 413', async (_name, parts, given, limit) => {
    const source = chunked(multipartBody(parts), [1, 7, 13, 64, 4096]);
    const err = await rejection(parseMultipart(source, { 'content-type': F }, limits(given)));
    expect(err).toMatchObject({ code: 'FW_ERR_MULTIPART_LIMIT', status: 413 });
    expect(err.message).toBe(`Multipart body exceeds the limit of ${limit}`);
    expect(source.closed).toBe(false); // left open so that the 413 can be sent
  });

  it('and stops reading a thousand tiny files once the limit is passed', async () => {
    const source = chunked(multipartBody(tiny), [4096]);
    await rejection(parseMultipart(source, { 'content-type': formType() }, limits()));
    expect(source.pulled).toBe(1);
  });

  const exact: [name: string, parts: Part[], limits: Limits][] = [
    ['maxFiles files', [b, b], { maxFiles: 2 }],
    ['maxFields fields', [a, c], { maxFields: 2 }],
    ['maxParts parts', [a, b], { maxParts: 2 }],
    ['a file of maxFileBytes', [file('a', 100)], { maxFileBytes: 100 }],
    ['a field of maxFieldBytes', [field('a', 64)], { maxFieldBytes: 64 }],
  ];
  it.each(exact)('nothing at the limit: %s', async (_name, parts, given) => {
    await expect(parse(multipartBody(parts), given)).resolves.toBeDefined();
  });

  it('a declared Content-Length over the derived total, before reading', async () => {
    const source = chunked(multipartBody(SIMPLE));
    const total = 10 * 10 * 1024 * 1024 + 1024 * 1024; // maxFiles × maxFileBytes + bodyLimit
    const headers = { 'content-type': formType(), 'content-length': String(total + 1) };
    const err = await rejection(parseMultipart(source, headers, limits()));
    expect(err.message).toBe(`Multipart body exceeds the limit of ${total} bytes in total`);
    expect(source.pulled).toBe(0);
  });

  it('a declared Content-Length over a total derived from bodyLimit', async () => {
    const headers = { 'content-type': formType(), 'content-length': '1002' };
    const given = { ...limits({ maxFiles: 1, maxFileBytes: 1000 }), bodyLimit: 1 };
    const err = await rejection(parseMultipart(chunked(new Uint8Array(0)), headers, given));
    expect(err.message).toBe('Multipart body exceeds the limit of 1001 bytes in total');
  });

  it('with the error of a source that fails (a client that aborted)', async () => {
    const aborted = new Error('aborted');
    const source = failing([multipartBody(SIMPLE).subarray(0, 200)], aborted);
    const parsing = parseMultipart(source, { 'content-type': formType() }, limits());
    await expect(parsing).rejects.toBe(aborted);
  });
});
