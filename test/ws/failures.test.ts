// A failed message closes its connection: 1011 for the server's failures, 1007 for a payload that
// is not the declared type, 1009 (from ws) for one over maxMessageBytes (API.md section 5b).
import { createApp, HttpError } from 'fw';
import type { Interceptor } from 'fw/core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindings } from '../../fixtures/websocket/expected/bindings.js';
import { anError, messageFailed } from '../http/support.js';
import { Client, recordingLogger, serve, type TestRoute } from './support.js';

describe('a failing message', () => {
  it.each<[string, Omit<TestRoute, 'method' | 'path'>, { code?: string; err: unknown }]>([
    [
      'the handler throws',
      {
        handle: () => {
          throw new Error('secret detail');
        },
      },
      { err: anError('secret detail') },
    ],
    [
      'the handler rejects with an HttpError',
      { handle: () => Promise.reject(new HttpError(409, 'taken')) },
      { err: new HttpError(409, 'taken') },
    ],
    [
      'the reply is not JSON',
      { handle: () => ({ n: 1n }) },
      { code: 'FW_ERR_RESPONSE_NOT_SERIALIZABLE', err: expect.any(Error) },
    ],
    [
      'a route interceptor fails',
      {
        interceptors: [
          class Refuse implements Interceptor {
            preHandle() {
              return new Error('not now');
            }
          },
        ],
        handle: () => 'unreachable',
      },
      { err: anError('not now') },
    ],
  ])(
    'closes the connection with 1011 when %s, and logs the error',
    async (_name, route, failure) => {
      const served = await serve([{ method: 'WS', path: '/ws', ...route }]);
      const client = await Client.open(served.port, '/ws', { headers: { 'X-Request-Id': 'up-1' } });
      await client.send('x');
      expect(await client.closed).toEqual({ code: 1011, reason: 'handler error' });
      expect(client.pending()).toBe(0);
      expect(served.logger.failures()).toEqual([
        messageFailed({ path: '/ws', requestId: 'up-1', closeCode: 1011, ...failure }),
      ]);
    },
  );

  it('runs no message that arrived after the failing one', async () => {
    const ran: string[] = [];
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/core#WebSocketContext'],
        handle: async (ctx: { payload(): Uint8Array }) => {
          const text = new TextDecoder().decode(ctx.payload());
          ran.push(text);
          await new Promise((resolve) => setImmediate(resolve));
          if (text === 'fail') throw new Error('x');
        },
      },
    ]);
    const client = await Client.open(port, '/ws');
    for (const m of ['fail', 'after1', 'after2']) await client.send(m);
    expect((await client.closed).code).toBe(1011);
    expect(ran).toEqual(['fail']);
  });

  it('closes with 1009 for a message over maxMessageBytes, without running the handler', async () => {
    let ran = 0;
    const { port } = await serve([{ method: 'WS', path: '/ws', handle: () => String(++ran) }], {
      maxMessageBytes: 1024,
    });
    const client = await Client.open(port, '/ws');
    expect(await client.ask(new Uint8Array(1024))).toBe('1');
    await client.send(new Uint8Array(1025));
    expect((await client.closed).code).toBe(1009);
    expect(ran).toBe(1);
  });
});

describe('a typed payload (fixtures/websocket, as fwgen generated it)', () => {
  async function chat() {
    const logger = recordingLogger();
    const app = createApp({ bindings, logger });
    onTestFinished(() => app.close());
    const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
    return { port, logger };
  }

  it('binds the path key, the validated payload, the context and the Context', async () => {
    const { port } = await chat();
    const client = await Client.open(port, '/ws/rooms/lobby');
    const reply = await client.ask(JSON.stringify({ text: 'hi', replyTo: 3, extra: true }));
    expect(reply).toMatch(/^lobby [0-9a-f-]{36} hi true$/);
  });

  it('echoes a binary message as binary', async () => {
    const { port } = await chat();
    const client = await Client.open(port, '/ws/echo');
    await client.send(new Uint8Array([1, 2, 3]));
    expect(await client.next()).toEqual({ data: new Uint8Array([1, 2, 3]), binary: true });
  });

  it.each([
    [
      'does not match the type',
      '{"text":5,"replyTo":"x"}',
      'Invalid payload: text: expected a string; replyTo: expected a number',
      'FW_ERR_PAYLOAD_INVALID',
    ],
    ['is not JSON', '{"text":', 'Malformed JSON payload: ', 'FW_ERR_PAYLOAD_MALFORMED'],
    ['is empty', '', 'Malformed JSON payload: the payload is empty', 'FW_ERR_PAYLOAD_MALFORMED'],
  ])(
    'closes with 1007 naming the problem when the payload %s, and logs it at info only',
    async (_name, payload, reason, code) => {
      const { port, logger } = await chat();
      const client = await Client.open(port, '/ws/rooms/lobby');
      await client.send(payload);
      const closed = await client.closed;
      expect(closed.code).toBe(1007);
      expect(closed.reason.startsWith(reason)).toBe(true);
      expect(logger.failures()).toEqual([
        messageFailed({ path: '/ws/rooms/lobby', closeCode: 1007, code }),
      ]);
    },
  );
});
