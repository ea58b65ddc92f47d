// Faults in the consumer pipeline of an event: the handler, an interceptor in each hook, a
// post-execution hook. A message is acknowledged only after its execution succeeded (API.md 5a):
// every fault must reach the transport as a rejection of the delivery (a negative acknowledgement),
// one a broker redelivers rather than dead-letters; but a failed afterCompletion is logged and the
// message acknowledged, as in Spine, where AfterCompletion cannot fail. The in-memory transport's
// rule for a rejected delivery is to report it to the app's logger and not retry it.
import {
  createApp,
  type DeliveryHandler,
  type InterceptorClass,
  inMemoryTransport,
  isUnprocessable,
  type Transport,
} from 'fw';
import type { Context } from 'fw/context';
import type { Interceptor, PostExecutionHook } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf, completionFailed, recordingLogger, type TestRoute } from '../http/support.js';
import {
  eventFailed,
  failingCompletionApp,
  publishRange,
  EVENT as TRANSPORT_EVENT,
} from '../transport/support.js';
import { failingHook, failingIn, failWith, HOOK_FAULTS, holds, onPath } from './support.js';

/** A broker as the app sees it: the test hands it messages and sees each one acked or nacked. */
class BrokerDouble implements Transport {
  #handle: DeliveryHandler | undefined;

  async start(_names: readonly string[], handle: DeliveryHandler): Promise<void> {
    this.#handle = handle;
  }

  async publish(): Promise<void> {}

  async close(): Promise<void> {}

  /** Delivers one message; `acked` when the app's handler resolved, otherwise the rejection. */
  deliver(eventName: string, json: string): Promise<{ acked: boolean; err?: unknown }> {
    const payload = new TextEncoder().encode(json);
    return (this.#handle as DeliveryHandler)({ eventName, payload }).then(
      () => ({ acked: true }),
      (err: unknown) => ({ acked: false, err }),
    );
  }
}

interface Fault {
  readonly handle?: () => unknown;
  readonly route?: InterceptorClass[];
  readonly global?: Interceptor[];
  readonly hooks?: PostExecutionHook[];
}

const EVENT = 'order.placed';
const err = new Error('consumer fault');

const faults: [string, Fault, number][] = [
  ['the handler throws', { handle: failWith('throws', err) }, 1],
  ['the handler rejects', { handle: failWith('rejects', err) }, 1],
  ...HOOK_FAULTS.filter(([hook]) => hook !== 'afterCompletion').flatMap(
    ([hook, mode]): [string, Fault, number][] => {
      const ran = hook === 'preHandle' ? 0 : 1;
      const Faulty = failingIn(hook, mode, err);
      return [
        [`a route interceptor ${mode} in ${hook}`, { route: [Faulty] }, ran],
        [`a global interceptor ${mode} in ${hook}`, { global: [new Faulty()] }, ran],
      ];
    },
  ),
  ['a post-execution hook throws', { hooks: [failingHook('throws', err)] }, 1],
  ['a post-execution hook rejects', { hooks: [failingHook('rejects', err)] }, 1],
];

/** An app with one consumer of {@link EVENT} on a broker double, with `fault` injected. */
async function consumer(fault: Fault) {
  let ran = 0;
  const logger = recordingLogger();
  const broker = new BrokerDouble();
  const route: TestRoute = {
    method: 'EVENT',
    path: EVENT,
    interceptors: fault.route ?? [],
    handle: () => {
      ran++;
      return fault.handle?.();
    },
  };
  const app = createApp({
    bindings: bindingsOf([route]),
    transport: broker,
    interceptors: fault.global ?? [],
    hooks: fault.hooks ?? [],
    logger,
  });
  onTestFinished(() => app.close());
  await app.start();
  return { broker, ran: () => ran, logger };
}

describe('a consumer execution that fails is not acknowledged', () => {
  it.each(faults)('%s: nacked, to be redelivered', async (_name, fault, ran) => {
    const { broker, ran: runs } = await consumer(fault);

    const outcome = await broker.deliver(EVENT, '{}');

    expect(outcome.acked).toBe(false);
    expect(holds(outcome.err, err)).toBe(true);
    expect(isUnprocessable(outcome.err)).toBe(false); // the server's fault: redeliver, not dead-letter
    expect(runs()).toBe(ran);
  });

  it('and one that succeeds is', async () => {
    const { broker, ran } = await consumer({});
    expect(await broker.deliver(EVENT, '{}')).toEqual({ acked: true });
    expect(ran()).toBe(1);
  });
});

// Spine's AfterCompletion returns nothing and never fails an execution: the handler ran, so the
// message is acknowledged (not redelivered to run the handler again) and the failure is logged.
describe('an afterCompletion that fails', () => {
  it.each(
    (['route', 'global'] as const).flatMap((scope) =>
      (['throws', 'rejects'] as const).map((mode) => [scope, mode] as const),
    ),
  )('on a %s interceptor, %s: acked, handled once, logged', async (scope, mode) => {
    const Faulty = failingIn('afterCompletion', mode, err);
    const others: string[] = [];
    const other = (name: string): Interceptor => ({
      afterCompletion: () => void others.push(name),
    });
    const { broker, ran, logger } = await consumer(
      scope === 'route'
        ? { route: [Faulty], global: [other('g0'), other('g1')] }
        : { global: [other('g0'), new Faulty(), other('g2')] },
    );

    expect(await broker.deliver(EVENT, '{}')).toEqual({ acked: true });
    expect(ran()).toBe(1);
    expect(others).toEqual(scope === 'route' ? ['g1', 'g0'] : ['g2', 'g0']);
    expect(logger.failures()).toEqual([
      completionFailed({
        interceptor: 'Faulty',
        method: 'EVENT',
        path: EVENT,
        err,
      }),
    ]);
  });
});

describe('on the in-memory transport', () => {
  // Published by an HTTP request: a failing consumer is reported once, not retried, and the
  // other consumers of the event and the later events are delivered all the same.
  it('a failed delivery is logged once and not retried; the rest is delivered', async () => {
    const logger = recordingLogger();
    const handled: string[] = [];
    const app = createApp({
      logger,
      interceptors: [onPath(EVENT, new (failingIn('postHandle', 'rejects', err))())],
      bindings: bindingsOf([
        {
          method: 'POST',
          path: '/publish',
          params: ['ctx:fw/context#Context'],
          handle: (ctx: Context) => {
            publishEvents(ctx, { name: EVENT, occurredAt: new Date() } as DomainEvent);
            publishEvents(ctx, { name: 'order.shipped', occurredAt: new Date() } as DomainEvent);
          },
        },
        { method: 'EVENT', path: EVENT, handle: () => void handled.push(`first ${EVENT}`) },
        { method: 'EVENT', path: EVENT, handle: () => void handled.push(`second ${EVENT}`) },
        { method: 'EVENT', path: 'order.shipped', handle: () => void handled.push('shipped') },
      ]),
    });
    onTestFinished(() => app.close());

    const res = await app.inject({ method: 'POST', url: '/publish' });
    expect(res.status).toBe(204);
    await app.close(); // waits for the deliveries

    expect(handled.sort()).toEqual([`first ${EVENT}`, `second ${EVENT}`, 'shipped']);
    // With the id of the request that published the event; dropped, as it is not retried.
    expect(logger.failures()).toEqual([
      eventFailed({
        event: EVENT,
        requestId: res.headers['x-request-id'],
        attempt: 1,
        maxAttempts: 1,
        disposition: 'dropped',
        err: expect.toSatisfy((e) => holds(e, err)),
      }),
    ]);
  });
});

describe('on the in-memory transport, an afterCompletion that fails', () => {
  it('leaves every message handled once, and logs each failure', async () => {
    const transport = inMemoryTransport();
    const { app, handled, once, failures, logger } = failingCompletionApp(transport);
    onTestFinished(() => app.close());
    await app.start();

    await publishRange(transport, TRANSPORT_EVENT, 4);
    await app.close(); // waits for the deliveries

    expect([...handled].sort((a, b) => a[0] - b[0])).toEqual(once(4));
    expect(logger.records.filter((r) => r.msg === 'event failed')).toEqual([]);
    expect(failures()).toHaveLength(4);
  });
});
