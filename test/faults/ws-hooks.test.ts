// Faults in the hooks around a WebSocket message handler, and in preHandshake, over real `ws`
// clients. A failed message closes its connection with 1011 and nothing of the error's text
// (API.md section 5b), except in afterCompletion, which is logged and fails nothing; a failed
// preHandshake refuses the upgrade. Either way the other connections and the server go on.
import type { WebSocketContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { anError, completionFailed, messageFailed, requestFailed } from '../http/support.js';
import { Client, refusal, serve, type TestRoute } from '../ws/support.js';
import {
  completions,
  failingHook,
  failingIn,
  HOOK_FAULTS,
  type Hook,
  holds,
  type Mode,
  onPath,
} from './support.js';

const echo: TestRoute = {
  method: 'WS',
  path: '/ws',
  params: ['ctx:fw/core#WebSocketContext'],
  handle: (ctx: WebSocketContext) => `echo ${new TextDecoder().decode(ctx.payload())}`,
};

/** What a client saw after sending one message: the replies before the close, and the close. */
async function outcome(client: Client, message: string) {
  await client.send(message);
  const closed = await client.closed;
  const replies: string[] = [];
  while (client.pending() > 0) replies.push(await client.text());
  return { replies, closed };
}

describe.each(['route', 'global'] as const)('a %s interceptor that fails', (scope) => {
  it.each(HOOK_FAULTS)('in %s (%s)', async (hook: Hook, mode: Mode) => {
    const err = new Error(`${hook} ${mode}: secret`);
    const Faulty = failingIn(hook, mode, err);
    const recorder = completions();
    const faulty = { ...echo, interceptors: scope === 'route' ? [Faulty] : [] };
    const served = await serve([faulty, { ...echo, path: '/calm' }], {
      interceptors: scope === 'route' ? [recorder] : [recorder, onPath('/ws', new Faulty())],
    });
    const client = await Client.open(served.port, '/ws', { headers: { 'X-Request-Id': 'up-1' } });
    const bystander = await Client.open(served.port, '/calm');

    if (hook === 'afterCompletion') {
      // The reply is sent before afterCompletion runs, and its failure (as Spine's) fails
      // nothing: the connection stays open for the next message; the failure is logged.
      expect(await client.ask('hi')).toBe('echo hi');
      expect(await client.ask('again')).toBe('echo again');
      expect(recorder.seen).toEqual([undefined, undefined]);
      const failure = completionFailed({
        interceptor: scope === 'route' ? 'Faulty' : 'global interceptor 1',
        method: 'WS',
        path: '/ws',
        requestId: 'up-1',
        err,
      });
      expect(served.logger.failures()).toEqual([failure, failure]);
      expect(await bystander.ask('still')).toBe('echo still');
      return;
    }
    const seen = await outcome(client, 'hi');

    expect(seen).toEqual({ replies: [], closed: { code: 1011, reason: 'handler error' } });
    expect(holds(recorder.seen[0], err)).toBe(true);
    expect(served.logger.failures()).toEqual([
      messageFailed({
        path: '/ws',
        requestId: 'up-1',
        closeCode: 1011,
        err: expect.toSatisfy((e) => holds(e, err)),
      }),
    ]);
    expect(await bystander.ask('still')).toBe('echo still');
  });
});

describe('a post-execution hook that fails', () => {
  it.each(['throws', 'rejects'] as const)('%s: no reply, close 1011, logged', async (mode) => {
    const err = new Error(`hook ${mode}`);
    const served = await serve([echo], { hooks: [failingHook(mode, err, '/ws')] });
    const client = await Client.open(served.port, '/ws');

    expect(await outcome(client, 'hi')).toEqual({
      replies: [],
      closed: { code: 1011, reason: 'handler error' },
    });
    expect(served.logger.failures()).toEqual([
      messageFailed({ path: '/ws', closeCode: 1011, err: expect.toSatisfy((e) => holds(e, err)) }),
    ]);
    expect(await served.alive()).toBe(200);
  });
});

describe('a preHandshake that fails', () => {
  it.each<[string, Mode, Error | string]>([
    ['throws an Error', 'throws', new Error('no')],
    ['rejects with an Error', 'rejects', new Error('no')],
    ['throws a string', 'throws', 'no'],
  ])('%s: 401, no connection, and the next upgrade is served', async (_name, mode, thrown) => {
    let refused = 0;
    const guard = failingIn('preHandshake', mode, thrown as Error);
    const once = new guard();
    const served = await serve([echo], {
      interceptors: [
        {
          // Fails the first upgrade only.
          preHandshake: (ctx, meta) =>
            refused++ === 0 ? once.preHandshake?.(ctx, meta) : undefined,
        },
      ],
    });

    const res = await refusal(served.port, '/ws');
    const client = await Client.open(served.port, '/ws');

    expect([res.status, res.json]).toEqual([
      401,
      expect.objectContaining({ status: 401, detail: 'The WebSocket handshake was refused' }),
    ]);
    expect(await client.ask('after')).toBe('echo after');
    // A refused upgrade is the client's failed request, at info, with what preHandshake threw:
    // the client is told nothing of it, the operator all.
    const record = requestFailed({
      method: 'GET',
      path: '/ws',
      status: 401,
      requestId: res.headers['x-request-id'],
      code: 'FW_ERR_WEBSOCKET_HANDSHAKE_REFUSED',
      detail: 'The WebSocket handshake was refused',
    });
    expect(served.logger.failures()).toEqual([
      { ...record, fields: { ...record.fields, err: anError('no') } },
    ]);
  });
});
