/** Hand-built request bodies and chunked sources for the body-layer tests. */

import { FwError } from '../../../runtime/core/errors.js';
import type { MultipartForm } from '../../../runtime/http/multipart.js';

/** A part of a multipart body: a field, a file, or raw header lines with a body. */
export type Part =
  | { readonly name: string; readonly value: string }
  | {
      readonly name: string;
      readonly filename: string;
      readonly contentType?: string;
      readonly data: string | Uint8Array;
    }
  | { readonly headers: readonly string[]; readonly data: string | Uint8Array };

/** A file part named `name` of `size` bytes. */
export const file = (name: string, size: number): Part => ({
  name,
  filename: `${name}.bin`,
  data: 'x'.repeat(size),
});

/** A field part named `name` with a value of `size` bytes. */
export const field = (name: string, size: number): Part => ({ name, value: 'v'.repeat(size) });

/** A form with repeated fields, repeated files and an empty file. */
export const SIMPLE: readonly Part[] = [
  { name: 'title', value: 'Hello, world' },
  { name: 'tag', value: 'a' },
  { name: 'avatar', filename: 'me.png', contentType: 'image/png', data: 'PNG-BYTES' },
  { name: 'tag', value: 'b' },
  { name: 'docs', filename: 'a.txt', contentType: 'text/plain', data: '' },
  { name: 'docs', filename: 'b.txt', contentType: 'text/plain', data: 'x'.repeat(5000) },
];

/** {@link SIMPLE} parsed, as {@link plain} shows it. */
export const SIMPLE_WANT = {
  value: { title: ['Hello, world'], tag: ['a', 'b'] },
  file: {
    avatar: [{ filename: 'me.png', contentType: 'image/png', size: 9, bytes: 'PNG-BYTES' }],
    docs: [
      { filename: 'a.txt', contentType: 'text/plain', size: 0, bytes: '' },
      { filename: 'b.txt', contentType: 'text/plain', size: 5000, bytes: 'x'.repeat(5000) },
    ],
  },
};

/** A parsed form as plain data with each file's bytes as text, to compare with `toEqual`. */
export async function plain(form: MultipartForm) {
  const files: Record<string, unknown[]> = {};
  for (const [name, list] of Object.entries(form.file)) {
    files[name] = await Promise.all(
      list.map(async (f) => ({ ...f, bytes: new TextDecoder().decode(await f.bytes()) })),
    );
  }
  return { value: { ...form.value }, file: files };
}

/** The boundary the tests use unless they say otherwise. */
export const BOUNDARY = '----fwBoundary7MA4YWxkTrZu0gW';

/** `multipart/form-data; boundary=…`. */
export const formType = (boundary = BOUNDARY): string =>
  `multipart/form-data; boundary=${boundary}`;

/** Encodes `parts` as multipart/form-data; `close: false` leaves out the final boundary. */
export function multipartBody(
  parts: readonly Part[],
  options: { boundary?: string; close?: boolean } = {},
): Buffer {
  const boundary = options.boundary ?? BOUNDARY;
  const out: Buffer[] = [];
  for (const part of parts) {
    out.push(Buffer.from(`--${boundary}\r\n${headerLines(part).join('\r\n')}\r\n\r\n`));
    out.push(Buffer.from('value' in part ? part.value : part.data));
    out.push(Buffer.from('\r\n'));
  }
  if (options.close !== false) out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

function headerLines(part: Part): readonly string[] {
  if ('headers' in part) return part.headers;
  if ('value' in part) return [`Content-Disposition: form-data; name="${part.name}"`];
  return [
    `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"`,
    `Content-Type: ${part.contentType ?? 'application/octet-stream'}`,
  ];
}

/** An async iterable that counts the chunks pulled from it and whether it was closed. */
export interface CountingSource extends AsyncIterable<Uint8Array> {
  readonly pulled: number;
  readonly closed: boolean;
}

/** Yields `bytes` in chunks whose sizes cycle through `sizes`, one pull at a time. */
export function chunked(
  bytes: Uint8Array,
  sizes: readonly number[] = [1, 7, 13, 64],
): CountingSource {
  let offset = 0;
  let index = 0;
  return counting(() => {
    if (offset >= bytes.byteLength) return undefined;
    const size = sizes[index++ % sizes.length] as number;
    const chunk = bytes.subarray(offset, offset + size);
    offset += size;
    return chunk;
  });
}

/** Yields `count` chunks of `size` bytes of `fill`, made on demand: nothing is prepared ahead. */
export function generated(count: number, size: number, fill = 0x61): CountingSource {
  let made = 0;
  return counting(() => (made++ < count ? new Uint8Array(size).fill(fill) : undefined));
}

/** Yields `before` chunks, then fails with `error` as an aborted request does. */
export function failing(before: readonly Uint8Array[], error: Error): CountingSource {
  let index = 0;
  return counting(() => {
    if (index < before.length) return before[index++];
    throw error;
  });
}

function counting(next: () => Uint8Array | undefined): CountingSource {
  const state = { pulled: 0, closed: false };
  const source = {
    get pulled() {
      return state.pulled;
    },
    get closed() {
      return state.closed;
    },
    [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
      return {
        async next() {
          await Promise.resolve(); // arrive later, as a socket's chunks do
          const value = next();
          if (value === undefined) return { done: true, value: undefined };
          state.pulled++;
          return { done: false, value };
        },
        async return() {
          state.closed = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
  return source;
}

/** The FwError a promise rejects with; fails the test if it resolves or rejects otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<FwError> {
  const err = await promise.then(
    () => new Error('expected a rejection, but the promise resolved'),
    (e: unknown) => e,
  );
  if (err instanceof FwError) return err;
  throw err;
}

/** The FwError `fn` throws. */
export function thrown(fn: () => unknown): FwError {
  try {
    fn();
  } catch (err) {
    if (err instanceof FwError) return err;
    throw err;
  }
  throw new Error('expected an FwError, but nothing was thrown');
}
