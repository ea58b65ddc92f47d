import { sse } from 'fw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  formatEvent,
  type SseEvent,
  type SseItem,
  type SseStream,
} from '../../../runtime/http/sse.js';

describe('formatEvent', () => {
  it.each<[string, { given: SseItem; want: string }]>([
    ['a string', { given: 'hi', want: 'data: hi\n\n' }],
    ['a JSON value', { given: { a: 1 }, want: 'data: {"a":1}\n\n' }],
    ['a number', { given: 7, want: 'data: 7\n\n' }],
    ['null', { given: null, want: 'data: null\n\n' }],
    [
      'an event with every field',
      {
        given: { id: 3, event: 'tick', data: 'x', retry: 500 },
        want: 'event: tick\nid: 3\nretry: 500\ndata: x\n\n',
      },
    ],
    ['an event with JSON data', { given: { data: [1, 2] }, want: 'data: [1,2]\n\n' }],
    [
      'data over lines (LF, CRLF, CR)',
      {
        given: { data: 'a\nb\r\nc\rd' },
        want: 'data: a\ndata: b\ndata: c\ndata: d\n\n',
      },
    ],
    ['an empty string', { given: '', want: 'data: \n\n' }],
  ])('%s', (_name, { given, want }) => {
    expect(formatEvent(given)).toBe(want);
  });

  it.each<[string, SseItem, string]>([
    ['an id with a line feed', { id: '1\ndata: forged', data: 'x' }, 'id'],
    ['an id with a carriage return', { id: '1\r', data: 'x' }, 'id'],
    ['an id with NUL', { id: '1\0', data: 'x' }, 'id'],
    ['an event with a line feed', { event: 'a\n\nevent: b', data: 'x' }, 'event'],
    ['a negative retry', { retry: -1, data: 'x' }, 'retry'],
    ['a fractional retry', { retry: 1.5, data: 'x' }, 'retry'],
    ['data that is not JSON', { data: () => 1 }, 'data'],
  ])('%s throws FW_ERR_SSE_INVALID', (_name, item, what) => {
    expect(() => formatEvent(item)).toThrow(
      expect.objectContaining({
        code: 'FW_ERR_SSE_INVALID',
        message: expect.stringMatching(new RegExp(`^sse\\(\\): ${what} must`)),
      }),
    );
  });

  it('writes data that is not a string by the writer given, a string as it is', () => {
    const writeId = (v: unknown) => JSON.stringify({ id: (v as { id: unknown }).id });
    const row = { id: 1, passwordHash: 'x' };
    expect(formatEvent(row, writeId)).toBe('data: {"id":1}\n\n');
    expect(formatEvent({ id: 2, data: row }, writeId)).toBe('id: 2\ndata: {"id":1}\n\n');
    expect(formatEvent({ data: 'as is' }, writeId)).toBe('data: as is\n\n');
    expect(() => formatEvent(row, () => undefined)).toThrow(
      expect.objectContaining({ code: 'FW_ERR_SSE_INVALID' }),
    );
  });

  it('says what was wrong and what to do', () => {
    expect(() => formatEvent({ id: 'a\nb', data: 1 })).toThrow(
      'sse(): id must be free of line breaks and NUL (they would forge events); got "a\\nb"',
    );
  });
});

describe('sse()', () => {
  it('answers text/event-stream with Cache-Control: no-cache', () => {
    const r = sse((async function* () {})());

    expect(r.headers).toEqual({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])('refuses heartbeatMs %s', (ms) => {
    expect(() => sse((async function* () {})(), { heartbeatMs: ms })).toThrow(
      expect.objectContaining({ code: 'FW_ERR_SSE_INVALID' }),
    );
  });

  it('opens with a comment, sends a comment when the source is silent, then the events', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const it = sse(
      (async function* () {
        await gate;
        yield 'late';
      })(),
      { heartbeatMs: 5 },
    ).body[Symbol.asyncIterator]();

    expect(await it.next()).toEqual({ done: false, value: ':\n\n' });
    expect(await it.next()).toEqual({ done: false, value: ':\n\n' });
    release();
    let got = await it.next();
    while (got.value === ':\n\n') got = await it.next();
    expect(got).toEqual({ done: false, value: 'data: late\n\n' });
    expect(await it.next()).toEqual({ done: true, value: undefined });
  });

  it('infers the data type from the source; an untyped source still compiles', () => {
    async function* events(): AsyncGenerator<SseEvent<{ id: number }>> {}
    async function* data(): AsyncGenerator<{ id: number }> {}
    expectTypeOf(sse(events()).body).toEqualTypeOf<SseStream<{ id: number }>>();
    expectTypeOf(sse(data()).body).toEqualTypeOf<SseStream<{ id: number }>>();
    const loose: AsyncIterable<SseItem> = data();
    expectTypeOf(sse(loose).body).toEqualTypeOf<SseStream<number | boolean | object | null>>();
  });

  it('writtenBy writes each event data by the writer, the rest as before', async () => {
    const source = (async function* () {
      yield { id: 1, data: { id: 1, secret: 's' } };
      yield 'text';
    })();
    const writeId = (v: unknown) => `{"id":${(v as { id: number }).id}}`;
    const chunks: string[] = [];
    for await (const chunk of sse(source).body.writtenBy(writeId)) chunks.push(chunk);
    expect(chunks).toEqual([':\n\n', 'id: 1\ndata: {"id":1}\n\n', 'data: text\n\n']);
  });

  it('return() stops the source and ends the stream', async () => {
    let stopped = false;
    const source = (async function* () {
      try {
        yield 1;
        yield 2;
      } finally {
        stopped = true;
      }
    })();
    const it = sse(source).body[Symbol.asyncIterator]();
    await it.next();
    await it.next();

    await it.return?.();

    expect(stopped).toBe(true);
    expect(await it.next()).toEqual({ done: true, value: undefined });
  });
});
