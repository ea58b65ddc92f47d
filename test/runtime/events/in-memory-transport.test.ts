import { type Delivery, InMemoryTransport, inMemoryTransport } from 'fw';
import { describe, expect, it } from 'vitest';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (d: Delivery) => `${d.eventName}:${new TextDecoder().decode(d.payload)}`;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise with its resolve function. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A transport started on `names` whose handler records each delivery. */
async function started(names: string[], onError?: (err: unknown, d: Delivery) => void) {
  const delivered: string[] = [];
  const transport = new InMemoryTransport(onError === undefined ? {} : { onError });
  await transport.start(names, async (d) => {
    delivered.push(text(d));
  });
  return { transport, delivered };
}

describe('InMemoryTransport delivery', () => {
  // Events of subscribed names reach the handler on a later turn, once each, in order.
  it('delivers after publish returns', async () => {
    const got = deferred<Delivery>();
    const transport = new InMemoryTransport();
    await transport.start(['order.placed'], async (d) => got.resolve(d));
    let delivered = false;
    void got.promise.then(() => {
      delivered = true;
    });
    await transport.publish('order.placed', bytes('{"id":1}'));
    expect(delivered).toBe(false);
    expect(text(await got.promise)).toBe('order.placed:{"id":1}');
  });

  it('delivers each message once, in publish order', async () => {
    const { transport, delivered } = await started(['a', 'b']);
    await transport.publish('a', bytes('1'));
    await transport.publish('b', bytes('2'));
    await transport.publish('a', bytes('3'));
    await transport.close();
    expect(delivered).toEqual(['a:1', 'b:2', 'a:3']);
  });

  it('does not deliver names it was not started with', async () => {
    const { transport, delivered } = await started(['a']);
    await transport.publish('b', bytes('x'));
    await transport.publish('A', bytes('x'));
    await transport.publish('a', bytes('y'));
    await transport.close();
    expect(delivered).toEqual(['a:y']);
  });

  it('drops what is published before start', async () => {
    const transport = inMemoryTransport();
    expect(transport).toBeInstanceOf(InMemoryTransport);
    await transport.publish('a', bytes('early'));
    const delivered: string[] = [];
    await transport.start(['a'], async (d) => void delivered.push(text(d)));
    await transport.publish('a', bytes('late'));
    await transport.close();
    expect(delivered).toEqual(['a:late']);
  });
});

describe('InMemoryTransport failures', () => {
  // A handler failure goes to onError with its delivery; nothing is retried.
  it('reports a failing handler to onError', async () => {
    const reported: [unknown, string][] = [];
    const failure = new Error('consumer failed');
    const transport = new InMemoryTransport({ onError: (err, d) => reported.push([err, text(d)]) });
    let calls = 0;
    await transport.start(['a'], async () => {
      calls++;
      throw failure;
    });
    await transport.publish('a', bytes('1'));
    await transport.close();
    expect(reported).toEqual([[failure, 'a:1']]);
    expect(calls).toBe(1);
  });
});

describe('InMemoryTransport.close', () => {
  // close() waits for deliveries in flight; afterwards publish rejects.
  it('waits for deliveries in flight', async () => {
    const log: string[] = [];
    const gate = deferred();
    const entered = deferred();
    const transport = new InMemoryTransport();
    await transport.start(['a'], async () => {
      log.push('handler started');
      entered.resolve();
      await gate.promise;
      log.push('handler finished');
    });
    await transport.publish('a', bytes('1'));
    await entered.promise;
    const closed = transport.close().then(() => log.push('closed'));
    await nextTurn();
    await nextTurn();
    log.push('gate opened');
    gate.resolve();
    await closed;
    expect(log).toEqual(['handler started', 'gate opened', 'handler finished', 'closed']);
  });

  it('waits for a delivery published but not yet started', async () => {
    const { transport, delivered } = await started(['a']);
    await transport.publish('a', bytes('1'));
    await transport.close();
    expect(delivered).toEqual(['a:1']);
  });

  // A consumer still running when close() is called may publish a follow-up: it is delivered
  // too, as a broker transport would take it until drained (test/faults/close-events-load).
  it('delivers what a delivery in flight publishes during close, then rejects publish', async () => {
    const delivered: string[] = [];
    const reported: unknown[] = [];
    const gate = deferred();
    const entered = deferred();
    const transport = new InMemoryTransport({ onError: (err) => reported.push(err) });
    await transport.start(['a', 'b'], async (d) => {
      if (d.eventName === 'a') {
        entered.resolve();
        await gate.promise;
        await transport.publish('b', bytes('follow-up'));
      }
      delivered.push(text(d));
    });
    await transport.publish('a', bytes('1'));
    await entered.promise;
    const closed = transport.close();
    gate.resolve();
    await closed;
    expect([delivered, reported]).toEqual([['a:1', 'b:follow-up'], []]);
    await expect(transport.publish('a', bytes('2'))).rejects.toThrow(
      'in-memory transport is closed; event a not sent',
    );
  });

  it('rejects publish after close', async () => {
    const { transport, delivered } = await started(['a']);
    await transport.close();
    await expect(transport.publish('a', bytes('1'))).rejects.toThrow(
      'in-memory transport is closed; event a not sent',
    );
    await nextTurn();
    expect(delivered).toEqual([]);
  });

  it('can be closed twice', async () => {
    const { transport } = await started(['a']);
    await transport.close();
    await expect(transport.close()).resolves.toBeUndefined();
  });

  it('resolves every close() called while deliveries are in flight', async () => {
    const t = inMemoryTransport({ onError: () => {} });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await t.start(['e'], () => held);
    await t.publish('e', new Uint8Array());
    await new Promise((resolve) => setImmediate(resolve));
    const first = t.close();
    const second = t.close();
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('survives an onError that throws', async () => {
    const t = inMemoryTransport({
      onError: () => {
        throw new Error('the reporter failed too');
      },
    });
    await t.start(['e'], async () => {
      throw new Error('handler failed');
    });
    await t.publish('e', new Uint8Array());
    await t.close();
  });
});

describe('InMemoryTransport subscriptions', () => {
  // Each subscription runs at most `concurrency` deliveries at once, and takes the rest in order
  // as they finish; another subscription is not held up by it.
  it('runs at most concurrency deliveries of a subscription at once', async () => {
    const gate = deferred();
    let running = 0;
    let most = 0;
    const slow: string[] = [];
    const fast: string[] = [];
    const transport = new InMemoryTransport({ concurrency: 2 });
    await transport.start(['a'], async () => {}, {
      subscriptions: [
        {
          eventNames: ['a'],
          handle: async (d) => {
            most = Math.max(most, ++running);
            await gate.promise;
            running--;
            slow.push(text(d));
          },
        },
        {
          delivery: { group: 'other' },
          eventNames: ['a'],
          handle: async (d) => void fast.push(text(d)),
        },
      ],
    });
    for (let i = 1; i <= 5; i++) await transport.publish('a', bytes(String(i)));
    await nextTurn();
    await nextTurn();
    expect([running, fast]).toEqual([2, ['a:1', 'a:2', 'a:3', 'a:4', 'a:5']]);
    gate.resolve();
    await transport.close();
    expect([most, slow]).toEqual([2, ['a:1', 'a:2', 'a:3', 'a:4', 'a:5']]);
  });
});

describe('InMemoryTransport idle()', () => {
  // What app.idle() waits for: every queued and running delivery, and those their handler
  // publishes meanwhile; the transport stays open.
  it('resolves once what was queued and what it published is delivered, and stays open', async () => {
    const delivered: string[] = [];
    const transport = new InMemoryTransport();
    await transport.start(['a', 'b'], async (d) => {
      await nextTurn();
      delivered.push(text(d));
      if (d.eventName === 'a') await transport.publish('b', bytes('from a'));
    });
    await transport.publish('a', bytes('1'));
    await transport.idle();
    expect(delivered).toEqual(['a:1', 'b:from a']);
    await transport.publish('b', bytes('2'));
    await transport.idle();
    expect(delivered).toEqual(['a:1', 'b:from a', 'b:2']);
    await transport.close();
  });

  it('resolves at once with nothing queued', async () => {
    const { transport } = await started(['a']);
    let idle = false;
    void transport.idle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(true);
    await transport.close();
  });
});
