// typedPublisher, what `fwgen --client-events` modules call: an event written as the app writes it,
// checked by every consumer's validator, then handed to the transport with a request id; a payload
// that fails a check is refused with every issue, and nothing is sent.
import { type EventMetadata, FwError, inMemoryTransport, type Transport } from 'fw';
import { type EventCodec, typedPublisher } from 'fw/publish';
import {
  fail,
  type Issues,
  isObject,
  type Key,
  number,
  prefix,
  string,
  validator,
} from 'fw/validate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleApp } from '../../../examples/app/app.js';
import { createPublisher } from '../../../examples/app/events-client.js';
import { OrderLog } from '../../../examples/app/store.js';

/** One message as a transport was given it. */
interface Sent {
  readonly eventName: string;
  readonly text: string;
  readonly metadata: EventMetadata | undefined;
}

/** A transport that keeps what it is given, and whether it was closed. */
function recording(inner?: Transport) {
  const sent: Sent[] = [];
  const state = { closed: false };
  const transport: Transport = {
    start: (names, handle, options) => inner?.start(names, handle, options) ?? Promise.resolve(),
    async publish(eventName, payload, metadata) {
      sent.push({ eventName, text: new TextDecoder().decode(payload), metadata });
      await inner?.publish(eventName, payload, metadata);
    },
    async close() {
      state.closed = true;
      await inner?.close();
    },
  };
  return { transport, sent, state };
}

function checkItem(v: unknown, issues: Issues, key: Key): unknown {
  if (!isObject(v)) return fail(v, issues, key, 'expected an object');
  const n = issues.length;
  const out: Record<string, unknown> = {};
  out['sku'] = string(v['sku'], issues, 'sku');
  out['qty'] = number(v['qty'], issues, 'qty');
  return prefix(issues, n, key, out);
}

function checkStock(v: unknown, issues: Issues, key: Key): unknown {
  if (!isObject(v)) return fail(v, issues, key, 'expected an object');
  const n = issues.length;
  const out: Record<string, unknown> = {};
  out['sku'] = string(v['sku'], issues, 'sku');
  out['warehouse'] = string(v['warehouse'], issues, 'warehouse');
  return prefix(issues, n, key, out);
}

interface Events {
  'item.added': { sku: string; qty: number };
  'stock.moved': { sku: string; qty: number; warehouse: string };
  'raw.seen': unknown;
}

const codecs: { readonly [N in keyof Events]: EventCodec } = {
  'item.added': {
    validate: [validator(checkItem)],
    // Declared properties only, in its own order: not what JSON.stringify would write.
    write: (v) => {
      const { sku, qty } = v as { sku: unknown; qty: unknown };
      return `{"qty":${JSON.stringify(qty)},"sku":${JSON.stringify(sku)}}`;
    },
  },
  // Two consumers declare two types: the payload must pass both.
  'stock.moved': { validate: [validator(checkItem), validator(checkStock)] },
  // Its consumer reads the raw payload.
  'raw.seen': { validate: [] },
};

const TOKEN = /^[A-Za-z0-9._:+/=-]{1,128}$/;

afterEach(() => {
  vi.useRealTimers();
});

describe('typedPublisher', () => {
  it("writes with the event's writer, as UTF-8, with a new request id each time", async () => {
    const { transport, sent } = recording();
    const publisher = typedPublisher<Events>(codecs, transport);
    const extra = { sku: 'Å-1', qty: 2, note: 'left out' };
    await publisher.publish('item.added', extra);
    await publisher.publish('item.added', { sku: 'B', qty: 1 });
    expect(sent.map((s) => [s.eventName, s.text])).toEqual([
      ['item.added', '{"qty":2,"sku":"Å-1"}'],
      ['item.added', '{"qty":1,"sku":"B"}'],
    ]);
    const [first, second] = sent.map((s) => s.metadata?.requestId);
    expect(first).toMatch(TOKEN);
    expect(second).toMatch(TOKEN);
    expect(first).not.toBe(second);
  });

  it('keeps a request id that is a token and replaces one that is not', async () => {
    const { transport, sent } = recording();
    const publisher = typedPublisher<Events>(codecs, transport);
    await publisher.publish('raw.seen', 1, { requestId: 'req-42' });
    await publisher.publish('raw.seen', 2, { requestId: 'not a token' });
    expect(sent[0]?.metadata).toEqual({ requestId: 'req-42' });
    expect(sent[1]?.metadata?.requestId).toMatch(TOKEN);
    expect(sent[1]?.metadata?.requestId).not.toBe('not a token');
  });

  it('passes a trace context on to the transport', async () => {
    const { transport, sent } = recording();
    const publisher = typedPublisher<Events>(codecs, transport);
    const trace = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    await publisher.publish('raw.seen', 3, { requestId: 'req-43', trace });
    await publisher.publish('raw.seen', 4, { requestId: 'req-44' });
    expect(sent.map((s) => s.metadata)).toStrictEqual([
      { requestId: 'req-43', trace },
      { requestId: 'req-44' },
    ]);
  });

  it('writes an event without a writer as JSON.stringify does', async () => {
    const { transport, sent } = recording();
    const publisher = typedPublisher<Events>(codecs, transport);
    const payload = { warehouse: 'north', sku: 'A', qty: 3, at: new Date(0) };
    await publisher.publish('stock.moved', payload);
    expect(sent.map((s) => s.text)).toEqual([JSON.stringify(payload)]);
  });

  it('refuses a payload that fails a check, listing every issue, and sends nothing', async () => {
    const { transport, sent } = recording();
    const publisher = typedPublisher<Events>(codecs, transport);
    const bad = { qty: '2' } as unknown as Events['stock.moved'];
    const err = await publisher.publish('stock.moved', bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FwError);
    expect((err as FwError).code).toBe('FW_ERR_EVENT_INVALID');
    expect((err as FwError).message).toBe(
      "Event 'stock.moved' was not published: its payload is invalid: sku: is required; qty: expected a number; warehouse: is required",
    );
    // `sku` fails both consumers' checks: it is listed once.
    expect((err as FwError).extensions['errors']).toEqual([
      { path: 'sku', message: 'is required' },
      { path: 'qty', message: 'expected a number' },
      { path: 'warehouse', message: 'is required' },
    ]);
    expect(sent).toEqual([]);
  });

  it('checks the JSON it writes, as the consumer will read it', async () => {
    const { transport, sent } = recording();
    const publisher = typedPublisher<Events>(codecs, transport);
    // NaN is a number to TypeScript, and null once written: the consumer would refuse it.
    const err = await publisher
      .publish('item.added', { sku: 'A', qty: Number.NaN })
      .catch((e) => e);
    expect((err as FwError).extensions['errors']).toEqual([
      { path: 'qty', message: 'expected a number' },
    ]);
    const moved = { sku: 'A', qty: Number.POSITIVE_INFINITY, warehouse: 'w' };
    await expect(publisher.publish('stock.moved', moved)).rejects.toThrow(
      "Event 'stock.moved' was not published: its payload is invalid: qty: expected a number",
    );
    expect(sent).toEqual([]);
  });

  it('lists every issue, where the message names the first 100', async () => {
    const { transport } = recording();
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, 'number']));
    const checkMany = (v: unknown, issues: Issues, key: Key): unknown => {
      if (!isObject(v)) return fail(v, issues, key, 'expected an object');
      const n = issues.length;
      for (const name of Object.keys(many)) number(v[name], issues, name);
      return prefix(issues, n, key, v);
    };
    const publisher = typedPublisher<{ many: Record<string, number> }>(
      { many: { validate: [validator(checkMany)] } },
      transport,
    );
    const err = (await publisher.publish('many', {}).catch((e) => e)) as FwError;
    expect(err.extensions['errors']).toHaveLength(150);
    expect(err.message).toMatch(/; and 50 more$/);
  });

  it('refuses what JSON cannot hold, and an event name no consumer takes', async () => {
    const { transport, sent } = recording();
    const publisher = typedPublisher<Events>(codecs, transport);
    const err = (await publisher.publish('raw.seen', undefined).catch((e) => e)) as FwError;
    expect(err.code).toBe('FW_ERR_EVENT_INVALID');
    expect(err.extensions['errors']).toEqual([{ path: '', message: 'expected a JSON value' }]);
    const unknownName = 'nobody.listens' as keyof Events;
    await expect(publisher.publish(unknownName, {} as never)).rejects.toThrow(
      "No consumer handles event 'nobody.listens'",
    );
    expect(sent).toEqual([]);
  });

  it('closes its transport', async () => {
    const { transport, state } = recording();
    await typedPublisher<Events>(codecs, transport).close();
    expect(state.closed).toBe(true);
  });
});

describe("the example's generated publisher", () => {
  it("sends the bytes the app's own publishEvents sends for the same order", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-02T03:04:05.678Z'));
    const { transport, sent } = recording(inMemoryTransport());
    const app = exampleApp({ transport });
    const orders = app.get(OrderLog);
    const placed = await app.inject({
      method: 'POST',
      url: '/orders',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ada' },
      body: JSON.stringify({ userId: 1, sku: 'A-1', qty: 2 }),
    });
    expect(placed.status).toBe(202);
    await createPublisher({ transport }).publish('order.placed', {
      name: 'order.placed',
      orderId: 1,
      sku: 'A-1',
      qty: 2,
      occurredAt: new Date(),
    });
    await orders.waitFor(2);
    await app.close();
    const [byApp, byPublisher] = sent;
    expect(byPublisher?.text).toBe(byApp?.text);
    expect(byApp?.text).toBe(
      '{"name":"order.placed","orderId":1,"sku":"A-1","qty":2,"occurredAt":"2026-01-02T03:04:05.678Z"}',
    );
    expect(orders.entries).toEqual(['order 1: 2 x A-1', 'order 1: 2 x A-1']);
  });
});
