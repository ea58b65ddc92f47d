// The second example service (examples/publisher/main.ts), run as its own Node process: on the
// in-memory transport it runs the example app beside it; on RabbitMQ and NATS JetStream it
// publishes to the example app this test runs, whose consumer records the order. The payload it
// refuses never reaches the broker, and the one it sends is the app's own message, byte for byte.
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleApp } from '../../examples/app/app.js';
import { bindings } from '../../examples/app/bindings.js';
import { OrderLog } from '../../examples/app/store.js';
import * as nats from '../transport/nats/support.js';
import * as rabbitmq from '../transport/rabbitmq/support.js';
import { quietLogger } from '../transport/support.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs the publisher with `env` added to this process's environment; its stdout lines. */
async function runPublisher(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await execa(
    'node',
    ['--conditions=source', '--import', 'tsx', 'examples/publisher/main.ts'],
    { env: { ...process.env, ...env }, timeout: 60_000 },
  );
  return stdout.split('\n');
}

const REFUSED =
  "refused: Event 'order.placed' was not published: its payload is invalid: orderId: expected a number; qty: is required; occurredAt: is required";

/** The text the app's own `publishEvents` writes for the event `text` holds. */
function asTheAppWrites(text: string): string | undefined {
  const event = JSON.parse(text) as { occurredAt: string };
  const write = bindings.published?.['order.placed'];
  return write?.({ ...event, occurredAt: new Date(event.occurredAt) });
}

describe('the example publisher', () => {
  it('on the in-memory transport, reaches the example app it runs beside', async () => {
    expect(await runPublisher({ FW_TRANSPORT: 'memory' })).toEqual([
      REFUSED,
      'published order.placed 1001 (events: memory)',
      'consumer: order 1001: 2 x A-1',
    ]);
  });

  it('on RabbitMQ, from its own process, reaches the running app and sends only the valid order', async () => {
    const names = rabbitmq.uniqueNames();
    const spy = `${names.group}.spy`;
    cleanups.push(() =>
      rabbitmq.deleteAll([names.group, names.deadQueue, spy], [names.exchange, names.deadExchange]),
    );
    const logger = quietLogger();
    const app = exampleApp({ transport: rabbitmq.testTransport(names), logger });
    cleanups.push(() => app.close());
    const orders = app.get(OrderLog);
    await app.start();
    // A queue of its own bound to every event of the exchange: what reached the broker.
    const admin = await rabbitmq.admin();
    cleanups.push(() => admin.close());
    const channel = await admin.createChannel();
    await channel.assertQueue(spy);
    await channel.bindQueue(spy, names.exchange, '#');

    const lines = await runPublisher({
      FW_TRANSPORT: 'rabbitmq',
      FW_RABBITMQ_URL: rabbitmq.URL,
      FW_RABBITMQ_EXCHANGE: names.exchange,
      FW_EVENTS_GROUP: names.group,
    });
    expect(lines).toEqual([REFUSED, 'published order.placed 1001 (events: rabbitmq)']);
    await orders.waitFor(1);
    expect(orders.entries).toEqual(['order 1001: 2 x A-1']);

    const message = await channel.get(spy, { noAck: true });
    expect(message).not.toBe(false);
    if (message === false) return;
    expect(message.fields.routingKey).toBe('order.placed');
    expect(message.properties.contentType).toBe('application/json');
    expect(message.properties.headers?.['x-request-id']).toMatch(/^[A-Za-z0-9._:+/=-]{1,128}$/);
    const text = message.content.toString('utf8');
    expect(text).toBe(asTheAppWrites(text));
    expect(await channel.get(spy)).toBe(false);
    expect(logger.records.filter((r) => r.level !== 'info')).toEqual([]);
  });

  it('on NATS JetStream, from its own process, reaches the running app and sends only the valid order', async () => {
    const names = nats.uniqueNames();
    cleanups.push(() => nats.deleteStream(names.stream));
    const logger = quietLogger();
    const app = exampleApp({ transport: nats.testTransport(names), logger });
    cleanups.push(() => app.close());
    const orders = app.get(OrderLog);
    await app.start();

    const lines = await runPublisher({
      FW_TRANSPORT: 'nats',
      FW_NATS_URL: nats.URL,
      FW_NATS_STREAM: names.stream,
      FW_NATS_SUBJECT_PREFIX: names.subjectPrefix,
      FW_EVENTS_GROUP: names.group,
    });
    expect(lines).toEqual([REFUSED, 'published order.placed 1001 (events: nats)']);
    await orders.waitFor(1);
    expect(orders.entries).toEqual(['order 1001: 2 x A-1']);

    // The stream keeps every message sent to it: the one valid order, and nothing else.
    const stored = await nats.storedOn(names, `${names.subjectPrefix}.order.placed`);
    expect(stored).toHaveLength(1);
    const [message] = stored;
    expect(message?.header.get('X-Request-Id')).toMatch(/^[A-Za-z0-9._:+/=-]{1,128}$/);
    const text = new TextDecoder().decode(message?.data);
    expect(text).toBe(asTheAppWrites(text));
    expect(logger.records.filter((r) => r.level !== 'info')).toEqual([]);
  });
});
