// With `telemetry`, a WebSocket upgrade has a SERVER span `GET {gateway route}` (101 when
// accepted, its status when refused), each message a SERVER span `WS {gateway route}` under it,
// and `fw.websocket.connections` counts the connections open.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { sendMessage } from 'fw';
import type { Context } from 'fw/context';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Client, refusal, serve, type TestRoute } from '../../../ws/support.js';
import { parentOf, testSdk, traceparent } from './support.js';

const sdk = testSdk();

const ROUTES: readonly TestRoute[] = [
  { method: 'WS', path: '/ws/rooms/:room', handle: () => 'ok' },
  {
    method: 'WS',
    path: '/ws/pushing',
    params: ['ctx:fw/context#Context'],
    handle: async (ctx: Context) => {
      await sendMessage(ctx, 'pushed');
      return 'ok';
    },
  },
  {
    method: 'WS',
    path: '/ws/broken',
    handle: () => {
      throw new Error('no rooms today');
    },
  },
];

async function served() {
  onTestFinished(() => sdk.reset());
  return serve(ROUTES, { telemetry: sdk.telemetry });
}

/** The connections open on `route`, as the up-down counter says. */
async function open(route: string): Promise<number> {
  const points = await sdk.points('fw.websocket.connections');
  return points.find((p) => p.attributes['http.route'] === route)?.count ?? 0;
}

describe('WebSocket spans', () => {
  it('gives the upgrade a span named by the gateway route, and each message one under it', async () => {
    const { port } = await served();
    const parent = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    const client = await Client.open(port, '/ws/rooms/7', {
      headers: { traceparent: traceparent(parent) },
    });
    expect(await client.ask('one')).toBe('ok');
    expect(await client.ask('two')).toBe('ok');

    const upgrade = sdk.span('GET /ws/rooms/:room');
    expect(upgrade.kind).toBe(SpanKind.SERVER);
    expect(upgrade.spanContext().traceId).toBe(parent.traceId);
    expect(parentOf(upgrade)).toBe(parent.spanId);
    expect(upgrade.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/ws/rooms/:room',
      'http.response.status_code': 101,
      'url.path': '/ws/rooms/7',
      'client.address': '127.0.0.1',
    });
    const messages = sdk.spans().filter((s) => s.name === 'WS /ws/rooms/:room');
    expect(messages).toHaveLength(2);
    for (const m of messages) {
      expect(m.kind).toBe(SpanKind.SERVER);
      expect(m.spanContext().traceId).toBe(parent.traceId);
      expect(parentOf(m)).toBe(upgrade.spanContext().spanId);
      expect(m.attributes['http.route']).toBe('/ws/rooms/:room');
      expect(m.attributes['fw.websocket.connection.id']).toEqual(expect.any(String));
    }
  });

  it('gives a message sent with sendMessage a span under what was active as it was sent', async () => {
    const { port } = await served();
    const client = await Client.open(port, '/ws/pushing');
    await client.send('go');
    expect([await client.text(), await client.text()]).toEqual(['pushed', 'ok']);
    const message = sdk.span('WS /ws/pushing');
    const push = sdk.span('WS send /ws/pushing');
    expect(push.kind).toBe(SpanKind.PRODUCER);
    expect(parentOf(push)).toBe(message.spanContext().spanId);
    expect(push.attributes['fw.websocket.message.size']).toBe(6);
  });

  it('marks a failed message ERROR with the exception', async () => {
    const { port } = await served();
    const client = await Client.open(port, '/ws/broken');
    await client.send('hello');
    expect((await client.closed).code).toBe(1011);
    const span = sdk.span('WS /ws/broken');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'no rooms today' });
    expect(span.events.map((e) => e.name)).toEqual(['exception']);
  });

  it('names a refused upgrade by its status: 404 for no gateway, unrouted', async () => {
    const { port } = await served();
    expect((await refusal(port, '/ws/nowhere')).status).toBe(404);
    const span = sdk.span('GET');
    expect(span.attributes['http.response.status_code']).toBe(404);
    expect(span.attributes['http.route']).toBeUndefined();
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('counts the connections open by gateway route', async () => {
    const { port } = await served();
    const before = await open('/ws/rooms/:room');
    const a = await Client.open(port, '/ws/rooms/1');
    const b = await Client.open(port, '/ws/rooms/2');
    expect(await a.ask('x')).toBe('ok');
    expect(await b.ask('x')).toBe('ok');
    expect(await open('/ws/rooms/:room')).toBe(before + 2);
    a.ws.close();
    await a.closed;
    await expect.poll(() => open('/ws/rooms/:room')).toBe(before + 1);
  });
});
