// Messages from a real `ws` client (API.md section 5b): echoed as sent until one is too big
// (1009); a typed handler answers a valid message or closes with 1007; a close reason always fits
// its frame. After each property the server still answers a fresh client and HTTP.
import fc from 'fast-check';
import { isObject } from 'fw/validate';
import { describe, expect, it } from 'vitest';
import { closeReason } from '../../runtime/ws/close-codes.js';
import { Client } from '../ws/support.js';
import { anyString, runs, within } from './support.js';
import { app, MAX, type Msg, stillServing } from './ws-support.js';

describe('the reason of a close frame', () => {
  it('fits in 123 bytes of UTF-8 for any text, cut on a character with an ellipsis', () => {
    fc.assert(
      fc.property(fc.oneof(anyString(200), fc.string({ unit: 'binary', maxLength: 80 })), (t) => {
        const got = closeReason(t);
        expect(Buffer.byteLength(got)).toBeLessThanOrEqual(123);
        if (Buffer.byteLength(t) <= 123) expect(got).toBe(t);
        else {
          expect(got.endsWith('…')).toBe(true);
          expect(t.startsWith(got.slice(0, -1))).toBe(true);
        }
      }),
      { numRuns: runs(1000) },
    );
  });
});

describe('messages from a ws client', () => {
  it('to the echo gateway come back as sent, until one is too big: 1009', async () => {
    const served = await app();
    const msg = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.uint8Array({ maxLength: 40 }),
      fc.uint8Array({ minLength: MAX - 1, maxLength: MAX + 1 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(msg, { minLength: 1, maxLength: 5 }), async (messages) => {
        const client = await Client.open(served.port, '/ws');
        const size = (m: string | Uint8Array) =>
          typeof m === 'string' ? Buffer.byteLength(m) : m.byteLength;
        const tooBig = messages.findIndex((m) => size(m) > MAX);
        for (const m of messages) await client.send(m).catch(() => {});
        const expected = tooBig === -1 ? messages : messages.slice(0, tooBig);
        if (tooBig === -1) {
          for (const m of expected) {
            const got = await within(3000, 'an echo', client.next());
            expect(got.data).toEqual(m);
          }
          client.ws.close(1000);
          expect((await within(3000, 'the close', client.closed)).code).toBe(1000);
        } else {
          // Replies to the messages before it may be dropped as the connection closes.
          expect((await within(3000, 'the close', client.closed)).code).toBe(1009);
          for (let i = 0; client.pending() > 0; i++)
            expect((await client.next()).data).toEqual(expected[i]);
        }
      }),
      { numRuns: runs(60) },
    );
    await stillServing(served);
  });

  it('to a typed handler are answered when they are a valid message, else closed with 1007', async () => {
    const served = await app();
    const valid = fc.record({
      op: fc.constantFrom('add', 'sub'),
      n: fc.integer({ min: -1000, max: 1000 }),
    });
    const payload = fc.oneof(
      valid.map((m) => JSON.stringify(m)),
      fc
        .record(
          {
            op: fc.constantFrom('add', 'mul', 1),
            n: fc.oneof(fc.integer(), fc.string({ maxLength: 2 })),
          },
          { requiredKeys: [] },
        )
        .map((m) => JSON.stringify(m)),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.uint8Array({ maxLength: 20 }),
      valid.map((m) => new Uint8Array(Buffer.from(JSON.stringify(m)))),
    );
    const fatal = new TextDecoder('utf-8', { fatal: true });
    await fc.assert(
      fc.asyncProperty(payload, async (p) => {
        const client = await Client.open(served.port, '/typed');
        await client.send(p);
        let parsed: unknown;
        try {
          parsed = JSON.parse(typeof p === 'string' ? p : fatal.decode(p));
        } catch {
          parsed = undefined;
        }
        const m = parsed as Partial<Msg> | undefined;
        const ok = isObject(m) && (m.op === 'add' || m.op === 'sub') && Number.isFinite(m.n);
        if ((typeof p === 'string' ? Buffer.byteLength(p) : p.byteLength) > MAX) {
          expect((await within(3000, 'the close', client.closed)).code).toBe(1009);
        } else if (ok) {
          const n = m.n as number;
          expect(await within(3000, 'an answer', client.text())).toBe(
            JSON.stringify({ r: m.op === 'add' ? n + 1 : n - 1 }),
          );
          client.ws.close(1000);
        } else {
          expect((await within(3000, 'the close', client.closed)).code).toBe(1007);
        }
      }),
      { numRuns: runs(100) },
    );
    await stillServing(served);
  });
});
