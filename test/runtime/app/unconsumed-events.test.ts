// No silent drops: an event the app publishes but none of its consumers takes is logged at `warn`
// with its name, once per name however often it is published, and still handed to the transport
// (on a broker another service may consume it).
import { createApp, type Transport } from 'fw';
import type { Context } from 'fw/context';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf, recordingLogger, type TestRoute } from '../../http/support.js';

const event = (name: string) => ({ name, occurredAt: new Date(0) }) as DomainEvent;

/** `POST /orders` publishes `order.placed` (consumed), `order.shipped` and `order.audited` twice each. */
function routes(placed: string[]): TestRoute[] {
  return [
    {
      method: 'POST',
      path: '/orders',
      params: ['ctx:fw/context#Context'],
      handle: (ctx: Context) => {
        for (const name of ['order.placed', 'order.shipped', 'order.audited']) {
          publishEvents(ctx, event(name), event(name));
        }
      },
    },
    { method: 'EVENT', path: 'order.placed', handle: () => void placed.push('placed') },
  ];
}

const warnings = (logger: ReturnType<typeof recordingLogger>) =>
  logger.records.filter((r) => r.level === 'warn');

describe('an event no consumer of the app takes', () => {
  it('is logged once per name on the in-memory transport', async () => {
    const placed: string[] = [];
    const logger = recordingLogger();
    const app = createApp({ logger, bindings: bindingsOf(routes(placed)) });
    onTestFinished(() => app.close());

    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'POST', url: '/orders' })).status).toBe(204);
    }
    await app.close(); // waits for the deliveries

    expect(placed).toHaveLength(6);
    expect(warnings(logger)).toEqual([
      {
        level: 'warn',
        msg: 'event has no consumer in this app',
        fields: { event: 'order.shipped' },
      },
      {
        level: 'warn',
        msg: 'event has no consumer in this app',
        fields: { event: 'order.audited' },
      },
    ]);
  });

  it('is still published to the transport, for other services of a broker', async () => {
    const published: string[] = [];
    const transport: Transport = {
      start: async () => {},
      publish: async (name) => void published.push(name),
      close: async () => {},
    };
    const logger = recordingLogger();
    const app = createApp({ logger, transport, bindings: bindingsOf(routes([])) });
    onTestFinished(() => app.close());

    await app.inject({ method: 'POST', url: '/orders' });
    await app.inject({ method: 'POST', url: '/orders' });

    expect(published.filter((n) => n === 'order.shipped')).toHaveLength(4);
    expect(warnings(logger).map((r) => r.fields['event'])).toEqual([
      'order.shipped',
      'order.audited',
    ]);
  });

  it('is not logged when every published event has a consumer', async () => {
    const logger = recordingLogger();
    const app = createApp({
      logger,
      bindings: bindingsOf([
        {
          method: 'POST',
          path: '/orders',
          params: ['ctx:fw/context#Context'],
          handle: (ctx: Context) => publishEvents(ctx, event('order.placed')),
        },
        { method: 'EVENT', path: 'order.placed', handle: () => {} },
      ]),
    });
    onTestFinished(() => app.close());

    await app.inject({ method: 'POST', url: '/orders' });
    await app.close();

    expect(warnings(logger)).toEqual([]);
  });
});
