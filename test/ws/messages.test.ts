// Every message runs the full pipeline, and what a handler returns or sends goes back on the same
// connection (API.md sections 5 and 5b).
import { sendMessage } from 'fw';
import { background, type Context } from 'fw/context';
import {
  ErrAbortPipeline,
  type ExecutionContext,
  type Interceptor,
  type PostExecutionHook,
  type WebSocketMessageContext,
} from 'fw/core';
import { describe, expect, it } from 'vitest';
import { Client, serve } from './support.js';

/** An interceptor recording each hook it runs as `<hook>:<name>`. */
function recorder(name: string, log: string[]): Interceptor {
  return {
    preHandle: (ctx) => void log.push(`pre:${name}:${ctx.method()}`),
    postHandle: () => void log.push(`post:${name}`),
    beforeResponse: (_c, _m, err) => void log.push(`before:${name}:${err?.message ?? 'ok'}`),
    afterCompletion: () => void log.push(`after:${name}`),
  };
}

describe('the pipeline of a message', () => {
  it('runs every global interceptor, the route interceptors, the hooks and the handler, per message', async () => {
    const log: string[] = [];
    class RouteInterceptor implements Interceptor {
      readonly #inner = recorder('route', log);
      preHandle(ctx: ExecutionContext) {
        ctx.set('user', 'ada');
        return this.#inner.preHandle?.(ctx, { pathKeys: [] });
      }
      postHandle = this.#inner.postHandle;
      beforeResponse = this.#inner.beforeResponse;
      afterCompletion = this.#inner.afterCompletion;
    }
    const hook: PostExecutionHook = {
      afterExecution: (_ctx, results) => void log.push(`hook:${String(results[0])}`),
    };
    const { port } = await serve(
      [
        {
          method: 'WS',
          path: '/ws/chat',
          params: ['ctx:fw/core#WebSocketMessageContext'],
          interceptors: [RouteInterceptor],
          handle: (ctx: WebSocketMessageContext) => {
            log.push('handler');
            return `${ctx.get('user')}: ${new TextDecoder().decode(ctx.payload())}`;
          },
        },
      ],
      { interceptors: [recorder('g1', log), recorder('g2', log)], hooks: [hook] },
    );
    const client = await Client.open(port, '/ws/chat');

    expect(await client.ask('hello')).toBe('ada: hello');
    const one = [
      'pre:g1:WS',
      'pre:g2:WS',
      'pre:route:WS',
      'handler',
      'hook:ada: hello',
      'post:route',
      'post:g2',
      'post:g1',
      'before:route:ok',
      'before:g2:ok',
      'before:g1:ok',
      'after:route',
      'after:g2',
      'after:g1',
    ];
    expect(log).toEqual(one);
    expect(await client.ask('again')).toBe('ada: again');
    expect(log).toEqual([...one, ...one.map((e) => e.replace('hello', 'again'))]);
  });

  it('gives each message a context with the upgrade request, the path keys and the connection id', async () => {
    const seen: WebSocketMessageContext[] = [];
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws/rooms/:room/:seat',
        params: ['seat:number', 'ctx:fw/core#WebSocketMessageContext'],
        handle: (seat: number, ctx: WebSocketMessageContext) => {
          seen.push(ctx);
          return { seat, room: ctx.params()['room'], type: ctx.messageType() };
        },
      },
    ]);
    const a = await Client.open(port, '/ws/rooms/blue/7?lang=nn', {
      headers: { Cookie: 'sid=s1' },
    });
    const b = await Client.open(port, '/ws/rooms/red/2');

    expect(JSON.parse(await a.ask('x'))).toEqual({ seat: 7, room: 'blue', type: 1 });
    expect(JSON.parse(await a.ask(new Uint8Array([1])))).toEqual({
      seat: 7,
      room: 'blue',
      type: 2,
    });
    expect(JSON.parse(await b.ask('y'))).toEqual({ seat: 2, room: 'red', type: 1 });

    const [first, second, other] = seen as [
      WebSocketMessageContext,
      WebSocketMessageContext,
      WebSocketMessageContext,
    ];
    expect([first.method(), first.path(), first.pathKeys()]).toEqual([
      'WS',
      '/ws/rooms/blue/7',
      ['room', 'seat'],
    ]);
    expect([first.query('lang'), first.cookie('sid'), first.header('cookie')]).toEqual([
      'nn',
      's1',
      'sid=s1',
    ]);
    expect(first.requestURI()).toBe('/ws/rooms/blue/7?lang=nn');
    expect(first.connId()).toBe(second.connId());
    expect(first.connId()).not.toBe(other.connId());
    expect(first.eventBus()).not.toBe(second.eventBus());
  });

  it('gives each message its own Context, canceled once the message is done', async () => {
    const contexts: Context[] = [];
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/context#Context'],
        handle: (ctx: Context) => {
          contexts.push(ctx);
          return String(ctx.err() === undefined);
        },
      },
    ]);
    const client = await Client.open(port, '/ws');
    expect(await client.ask('a')).toBe('true');
    expect(await client.ask('b')).toBe('true');
    expect(contexts.map((c) => c.err()?.message)).toEqual(['context canceled', 'context canceled']);
  });
});

describe('an interceptor that aborts', () => {
  it('stops that message with nothing sent, and the connection goes on', async () => {
    const skip: Interceptor = {
      preHandle: (ctx) =>
        new TextDecoder().decode((ctx as WebSocketMessageContext).payload()) === 'skip'
          ? ErrAbortPipeline
          : undefined,
    };
    let ran = 0;
    const { port } = await serve([{ method: 'WS', path: '/ws', handle: () => `ran ${++ran}` }], {
      interceptors: [skip],
    });
    const client = await Client.open(port, '/ws');
    await client.send('skip');
    expect(await client.ask('go')).toBe('ran 1');
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });
});

describe('replies', () => {
  it.each([
    ['a string as text', 'hello', { data: 'hello', binary: false }],
    ['an object as JSON text', { a: [1, 'b'] }, { data: '{"a":[1,"b"]}', binary: false }],
    ['a number as JSON text', 42, { data: '42', binary: false }],
    ['null as JSON text', null, { data: 'null', binary: false }],
    [
      'a Uint8Array as binary',
      new Uint8Array([0, 255, 7]),
      { data: new Uint8Array([0, 255, 7]), binary: true },
    ],
  ])('sends %s', async (_name, result, want) => {
    const { port } = await serve([{ method: 'WS', path: '/ws', handle: () => result }]);
    const client = await Client.open(port, '/ws');
    await client.send('go');
    expect(await client.next()).toEqual(want);
  });

  it('sends nothing for undefined, and answers messages in the order they came', async () => {
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/core#WebSocketContext'],
        handle: async (ctx: WebSocketMessageContext) => {
          const text = new TextDecoder().decode(ctx.payload());
          await new Promise((resolve) => setImmediate(resolve));
          return text === 'quiet' ? undefined : text;
        },
      },
    ]);
    const client = await Client.open(port, '/ws');
    for (const m of ['1', 'quiet', '2', '3']) await client.send(m);
    expect([await client.text(), await client.text(), await client.text()]).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('sends the payload a handler returns as a binary message of its bytes, as the handler left them', async () => {
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/core#WebSocketContext'],
        handle: (ctx: WebSocketMessageContext) => {
          const payload = ctx.payload();
          if (payload[0] === 0) payload[0] = 9;
          return payload;
        },
      },
    ]);
    const client = await Client.open(port, '/ws');
    await client.send(new Uint8Array([1, 2, 255]));
    expect(await client.next()).toEqual({ data: new Uint8Array([1, 2, 255]), binary: true });
    await client.send(new Uint8Array([0, 7]));
    expect(await client.next()).toEqual({ data: new Uint8Array([9, 7]), binary: true });
    await client.send('hi');
    expect(await client.next()).toEqual({ data: new TextEncoder().encode('hi'), binary: true });
  });
});

describe('sendMessage', () => {
  it('sends through the Context of the message, in call order, before the reply', async () => {
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/context#Context'],
        handle: async (ctx: Context) => {
          void sendMessage(ctx, 'a');
          const pending = Array.from({ length: 50 }, (_, i) => sendMessage(ctx, `n${i}`));
          await sendMessage(ctx, new Uint8Array([9]));
          await Promise.all(pending);
          return 'reply';
        },
      },
    ]);
    const client = await Client.open(port, '/ws');
    await client.send('go');
    const got: unknown[] = [];
    for (let i = 0; i < 53; i++) got.push((await client.next()).data);
    expect(got).toEqual([
      'a',
      ...Array.from({ length: 50 }, (_, i) => `n${i}`),
      new Uint8Array([9]),
      'reply',
    ]);
  });

  it('sends at any time after the handler returned, and rejects once the connection is closed', async () => {
    let kept: Context | undefined;
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/context#Context'],
        handle: (ctx: Context) => void (kept = ctx),
      },
    ]);
    const client = await Client.open(port, '/ws');
    await client.send('subscribe');
    while (kept === undefined) await new Promise((resolve) => setImmediate(resolve));

    await sendMessage(kept, 'pushed later');
    expect(await client.text()).toBe('pushed later');

    client.ws.close();
    await client.closed;
    let err: unknown;
    for (let i = 0; err === undefined && i < 100; i++) {
      // The server sees the close a moment after the client does.
      err = await sendMessage(kept, 'too late').then(
        () => new Promise((resolve) => setImmediate(resolve)).then(() => undefined),
        (e: unknown) => e,
      );
    }
    expect(err).toMatchObject({ code: 'FW_ERR_WEBSOCKET_CLOSED' });
    // Not awaited: the rejection must not surface as an unhandled one (vitest fails the run if so).
    void sendMessage(kept, 'fire and forget');
    await new Promise((resolve) => setImmediate(resolve));
  });

  it('throws for a Context that belongs to no WebSocket message', () => {
    expect(() => sendMessage(background(), 'x')).toThrow(
      'sendMessage needs the Context parameter of a WebSocket message handler; this Context carries no connection',
    );
  });
});

describe('the connection id', () => {
  it('is a UUID, the same for every message of a connection and different between connections', async () => {
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws/id',
        params: ['ctx:fw/core#WebSocketMessageContext'],
        handle: (ctx: WebSocketMessageContext) => ctx.connId(),
      },
    ]);
    const a = await Client.open(port, '/ws/id');
    const b = await Client.open(port, '/ws/id');

    const id = await a.ask('1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await a.ask('2')).toBe(id);
    expect(await b.ask('1')).not.toBe(id);
  });
});
