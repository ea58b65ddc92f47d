// What fw writes is written by its declared type (fixtures/boundaries): an HTTP answer, a
// WebSocket reply, an event stream's data and a published event's broker message hold the
// declared properties only, whatever object the code handed over. Real sockets, real brokers.
import { createApp, type Transport } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bindings } from '../../fixtures/boundaries/expected/bindings.js';
import { RenameLog } from '../../fixtures/boundaries/input/users.js';
import * as nats from '../transport/nats/support.js';
import * as rabbitmq from '../transport/rabbitmq/support.js';
import { quietLogger, waitFor } from '../transport/support.js';

/** What the fixture's objects carry that no declared type has. */
const UNDECLARED = ['passwordHash', 'hunter2', 'secret', 'internal', 'token', 'email', '"by"'];

function expectDeclaredOnly(text: string): void {
  for (const word of UNDECLARED) expect(text).not.toContain(word);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(transport?: Transport) {
  const app = createApp({ bindings, logger: quietLogger(), ...(transport && { transport }) });
  cleanups.push(() => app.close());
  const { port } = await app.listen();
  return { app, base: `http://127.0.0.1:${port}`, port };
}

describe('HTTP answers', () => {
  it.each([
    ['/users/row', 'a class instance with an undeclared field', '{"id":1,"name":"ann"}'],
    ['/users/account', 'a declared property that is a getter', '{"id":2,"name":"bob"}'],
    ['/users/wire', 'what toJSON answers', '{"id":3,"name":"wire"}'],
    [
      '/users/team',
      'instances nested in objects, arrays and records',
      '{"name":"core","lead":{"id":1,"name":"ann"},"members":[{"id":1,"name":"ann"},' +
        '{"id":2,"name":"bob"}],"byName":{"ann":{"id":1,"name":"ann"}}}',
    ],
    [
      '/users/all',
      'an array of instances and plain objects',
      '[{"id":1,"name":"ann"},{"id":2,"name":"bob"}]',
    ],
  ])('%s: %s, declared properties only', async (path, _what, want) => {
    const { base } = await listening();
    const res = await fetch(base + path);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toBe(want);
    expectDeclaredOnly(text);
  });
});

describe('Server-Sent Events', () => {
  it('writes each event data by the declared data type', async () => {
    const { base } = await listening();
    const res = await fetch(`${base}/users/feed`);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    expect(text).toBe(':\n\nid: 1\ndata: {"id":1,"name":"ann"}\n\ndata: {"id":2,"name":"bob"}\n\n');
    expectDeclaredOnly(text);
  });
});

describe('WebSocket replies', () => {
  it('writes a class instance and a plain object by the declared reply type', async () => {
    const { port } = await listening();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/users`);
    cleanups.push(async () => ws.close());
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const replies: string[] = [];
    for (const message of ['row', 'plain']) {
      const reply = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
      ws.send(message);
      replies.push(await reply);
    }
    expect(replies).toEqual(['{"id":1,"name":"ann"}', '{"id":2,"name":"bob"}']);
    for (const reply of replies) expectDeclaredOnly(reply);
  });
});

/** A transport of each broker under names no other test uses, removed afterwards. */
const transports: [string, () => Transport | undefined][] = [
  ['the in-memory transport', () => undefined],
  [
    'RabbitMQ',
    () => {
      const names = rabbitmq.uniqueNames();
      cleanups.push(() =>
        rabbitmq.deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]),
      );
      return rabbitmq.testTransport(names);
    },
  ],
  [
    'NATS JetStream',
    () => {
      const names = nats.uniqueNames();
      cleanups.push(() => nats.deleteStream(names.stream));
      return nats.testTransport(names);
    },
  ],
];

describe('published events', () => {
  it.each(transports)(
    'through %s, the message holds the declared properties only',
    async (_, transport) => {
      const { app, base } = await listening(transport());
      const res = await fetch(`${base}/users/7/rename`, { method: 'POST' });
      expect(res.status).toBe(204);
      const log = app.get(RenameLog);
      await waitFor('the renamed event', () => log.messages.length === 1);
      expect(JSON.parse(log.messages[0] as string)).toEqual({
        name: 'user.renamed',
        id: 7,
        to: 'ann2',
        occurredAt: new Date(0).toJSON(),
      });
      expectDeclaredOnly(log.messages[0] as string);
    },
  );
});
