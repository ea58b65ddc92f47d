// listen() owns its port before it consumes: on a port in use it rejects with EADDRINUSE and has
// not started the transport (on RabbitMQ: never connected, the messages left in the queue for the
// instance that has the port); a request arriving between the bind and the start waits for it;
// a start that fails after the bind releases the port, and the held requests get 503.
import { createServer, type Server } from 'node:net';
import {
  type App,
  createApp,
  type DeliveryHandler,
  type Transport,
  type TransportStartOptions,
} from 'fw';
import type { ConsumerRequestContext } from 'fw/core';
import { afterEach, describe, expect, it } from 'vitest';
import { bindingsOf, recordingLogger } from '../../http/support.js';
import {
  deleteAll,
  payload,
  readyCount,
  testTransport,
  uniqueNames,
  waitFor,
} from '../../transport/rabbitmq/support.js';

const EVENT = 'order.placed';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A port some other server holds. */
async function portInUse(): Promise<number> {
  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => holder.close(() => resolve())));
  return (holder.address() as { port: number }).port;
}

/** A port free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** `GET /ping` answers `pong`; the consumer of {@link EVENT} records each payload's id. */
function appBindings(seen: number[] = []) {
  return bindingsOf([
    { method: 'GET', path: '/ping', handle: () => 'pong' },
    {
      method: 'EVENT',
      path: EVENT,
      params: ['ctx:fw/core#ConsumerRequestContext'],
      handle: (ctx: ConsumerRequestContext) => {
        seen.push((JSON.parse(Buffer.from(ctx.payload()).toString('utf8')) as { id: number }).id);
      },
    },
  ]);
}

/** A transport whose `start` waits for `release()`, then resolves or rejects with `failure`. */
class HeldTransport implements Transport {
  starts = 0;
  #release: (() => void) | undefined;
  readonly #held = new Promise<void>((resolve) => {
    this.#release = resolve;
  });
  readonly failure: Error | undefined;
  constructor(failure?: Error) {
    this.failure = failure;
  }
  async start(_names: readonly string[], _h: DeliveryHandler, _o?: TransportStartOptions) {
    this.starts++;
    await this.#held;
    if (this.failure !== undefined) throw this.failure;
  }
  release(): void {
    this.#release?.();
  }
  async publish() {}
  async close() {}
}

function track(app: App): App {
  cleanups.push(() => app.close());
  return app;
}

describe('listen() binds first', () => {
  it('on a port in use rejects with EADDRINUSE without starting the transport; may listen again', async () => {
    const port = await portInUse();
    const transport = new HeldTransport();
    transport.release();
    const app = track(createApp({ bindings: appBindings(), transport, logger: recordingLogger() }));

    await expect(app.listen({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(transport.starts).toBe(0);

    const bound = await app.listen({ port: 0 });
    expect(transport.starts).toBe(1);
    const res = await fetch(`http://127.0.0.1:${bound.port}/ping`);
    expect([res.status, await res.text()]).toEqual([200, 'pong']);
  });

  it('holds a request that arrives before the start until the app has started', async () => {
    const port = await freePort();
    const transport = new HeldTransport();
    const app = track(
      createApp({
        bindings: appBindings(),
        transport,
        logger: recordingLogger(),
        health: { path: '/health' },
      }),
    );
    const listening = app.listen({ port });
    await waitFor('the transport to be starting', () => transport.starts === 1);

    const early = fetch(`http://127.0.0.1:${port}/ping`);
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(ready.status).toBe(503);
    let answered = false;
    void early.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);

    transport.release();
    await expect(listening).resolves.toEqual({ port });
    const res = await early;
    expect([res.status, await res.text()]).toEqual([200, 'pong']);
    expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
  });

  it('releases the port when the start fails, answering the held requests 503', async () => {
    const port = await freePort();
    const transport = new HeldTransport(new Error('broker unreachable'));
    const app = track(createApp({ bindings: appBindings(), transport, logger: recordingLogger() }));
    const listening = app.listen({ port });
    await waitFor('the transport to be starting', () => transport.starts === 1);
    const early = fetch(`http://127.0.0.1:${port}/ping`);
    await new Promise((resolve) => setTimeout(resolve, 100));

    transport.release();
    await expect(listening).rejects.toThrow('broker unreachable');
    const res = await early;
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([
      503,
      'FW_ERR_SHUTTING_DOWN',
    ]);
    // Nothing listens any more: the port can be bound again.
    const again = createServer();
    await new Promise<void>((resolve, reject) => {
      again.once('error', reject);
      again.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => again.close(() => resolve()));
  });
});

describe('listen() on a port in use, on RabbitMQ', () => {
  it('never connects: the 8 messages wait in the queue for the instance that has the port', async () => {
    const names = uniqueNames();
    cleanups.push(() =>
      deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]),
    );
    // The group's queue, declared by an instance that then stopped, and 8 messages in it.
    const declaring = testTransport(names);
    await declaring.start([EVENT], async () => {});
    await declaring.close();
    const publisher = testTransport(names);
    cleanups.push(() => publisher.close());
    await Promise.all([...Array(8).keys()].map((id) => publisher.publish(EVENT, payload(id))));
    expect(await readyCount(names.group)).toBe(8);

    const port = await portInUse();
    const seen: number[] = [];
    const second = testTransport(names);
    const app = track(createApp({ bindings: appBindings(seen), transport: second }));
    await expect(app.listen({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect([second.connections.length, second.connected(), seen]).toEqual([0, false, []]);
    expect(await readyCount(names.group)).toBe(8);

    // The instance that owns its port consumes each message once.
    const firstSeen: number[] = [];
    const first = track(
      createApp({ bindings: appBindings(firstSeen), transport: testTransport(names) }),
    );
    await first.listen({ port: 0 });
    await waitFor('the 8 messages', () => firstSeen.length >= 8, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(firstSeen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(seen).toEqual([]);
  });
});
