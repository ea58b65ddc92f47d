import { Readable } from 'node:stream';
import { createApp } from 'fw';
import { describe, expect, it } from 'vitest';
import { isStreamBody, StreamSource } from '../../../runtime/http/stream-body.js';
import { bindingsOf } from '../../http/support.js';

async function* gen() {
  yield 'a';
}

describe('isStreamBody', () => {
  it.each<[string, unknown, boolean]>([
    ['a web ReadableStream', new ReadableStream(), true],
    ['a Node Readable', Readable.from(['a']), true],
    ['an async generator', gen(), true],
    ['a plain object', { a: 1 }, false],
    ['an array', ['a'], false],
    ['a sync iterable (a Set)', new Set(['a']), false],
    ['null', null, false],
    ['a number', 1, false],
    ['a Uint8Array', new Uint8Array(1), false],
  ])('%s: %s', (_name, given, want) => {
    expect(isStreamBody(given)).toBe(want);
  });
});

describe('StreamSource', () => {
  it('ends a pending read with undefined when canceled, and stops the source once', async () => {
    let returned = 0;
    const iterable: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<string>>(() => {}),
        return: async () => {
          returned++;
          return { done: true, value: undefined };
        },
      }),
    };
    const source = new StreamSource(iterable);

    const reading = source.read();
    source.cancel();
    source.cancel();

    expect(await reading).toBeUndefined();
    expect(await source.read()).toBeUndefined();
    expect(returned).toBe(1);
  });

  it('rejects a chunk that is neither string nor bytes with FW_ERR_STREAM_CHUNK', async () => {
    const source = new StreamSource(Readable.from([{ a: 1 }]));

    await expect(source.read()).rejects.toMatchObject({ code: 'FW_ERR_STREAM_CHUNK' });
  });

  it('does not stop a source that has ended', async () => {
    let returned = 0;
    const body = gen();
    const stop = body.return.bind(body);
    body.return = (v) => {
      returned++;
      return stop(v);
    };
    const source = new StreamSource(body);

    expect(await source.read()).toBe('a');
    expect(await source.read()).toBeUndefined();
    source.cancel();

    expect(returned).toBe(0);
  });
});

describe('inject() with a stream body', () => {
  it('collects the chunks', async () => {
    const handle = () => Readable.from(['one ', Buffer.from('two')]);
    const app = createApp({ bindings: bindingsOf([{ method: 'GET', path: '/s', handle }]) });

    const res = await app.inject({ url: '/s' });

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.body).toBe('one two');
    await app.close();
  });
});
