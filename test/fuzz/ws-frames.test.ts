// WebSocket connections fed generated frames and messages (API.md section 5b): any bytes after a
// real handshake end with an answer or a close code (1000, 1002, 1007, 1009), never a 1011, a hang
// or a crash; valid frame sequences are echoed exactly; a message for a typed handler is answered
// or closed with 1007. After every property the server still answers a fresh client and HTTP.
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import type { WebSocketMessageContext } from 'fw/core';
import { parseQuery } from 'fw/query';
import { type Issues, isObject, type Key, number, prefix, validator } from 'fw/validate';
import { describe, expect, it, onTestFinished } from 'vitest';
import { closeReason } from '../../runtime/ws/close-codes.js';
import type { Served } from '../http/support.js';
import { Client, serve } from '../ws/support.js';
import { anyString, runs, within } from './support.js';

const MAX = 256;

/** `{ op: 'add' | 'sub', n: number }`, checked as fwgen writes a checker. */
function checkMsg(v: unknown, issues: Issues, key: Key): unknown {
  if (!isObject(v)) {
    issues.push({ path: String(key), message: 'expected an object' });
    return undefined;
  }
  const n = issues.length;
  const out: Record<string, unknown> = {};
  if (v['op'] === 'add' || v['op'] === 'sub') out['op'] = v['op'];
  else issues.push({ path: 'op', message: 'expected "add" or "sub"' });
  out['n'] = number(v['n'], issues, 'n');
  return prefix(issues, n, key, out);
}

type Msg = { op: 'add' | 'sub'; n: number };

function app(): Promise<Served> {
  return serve(
    [
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/core#WebSocketMessageContext'],
        // Text back as text, binary back as binary.
        handle: (ctx: WebSocketMessageContext) =>
          ctx.messageType() === 2
            ? new Uint8Array(ctx.payload())
            : new TextDecoder().decode(ctx.payload()),
      },
      {
        method: 'WS',
        path: '/hs',
        params: ['ctx:fw/core#WebSocketMessageContext'],
        // What the snapshot of the upgrade request holds.
        handle: (ctx: WebSocketMessageContext) => ({ q: ctx.queries(), c: ctx.cookies() }),
      },
      {
        method: 'WS',
        path: '/typed',
        params: [{ name: 'm', type: 't#Msg', validate: validator(checkMsg) }],
        handle: (m: Msg) => ({ r: m.op === 'add' ? m.n + 1 : m.n - 1 }),
      },
    ],
    { maxMessageBytes: MAX },
  );
}

/** The server still answers a new WebSocket client and HTTP, and reported nothing. */
async function stillServing(served: Served): Promise<void> {
  const client = await Client.open(served.port, '/ws');
  expect(await client.ask('still here')).toBe('still here');
  expect(await served.alive()).toBe(200);
  expect(served.logger.entries).toEqual([]);
}

/** A frame as the server sent it. */
interface ServerFrame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
}

/**
 * The server's frames in `bytes` (unmasked, RFC 6455 section 5.2), and where the complete ones
 * end; a frame cut short is left for later.
 */
function serverFrames(bytes: Buffer): { frames: ServerFrame[]; end: number } {
  const frames: ServerFrame[] = [];
  let at = 0;
  for (;;) {
    const b0 = bytes[at];
    const b1 = bytes[at + 1];
    if (b0 === undefined || b1 === undefined) return { frames, end: at };
    expect(b1 & 0x80, 'a server frame is never masked').toBe(0);
    let length = b1 & 0x7f;
    let head = 2;
    if (length >= 126 && at + (length === 126 ? 4 : 10) > bytes.length) return { frames, end: at };
    if (length === 126) [length, head] = [bytes.readUInt16BE(at + 2), 4];
    else if (length === 127) [length, head] = [Number(bytes.readBigUInt64BE(at + 2)), 10];
    if (at + head + length > bytes.length) return { frames, end: at };
    const payload = bytes.subarray(at + head, at + head + length);
    frames.push({ fin: (b0 & 0x80) !== 0, opcode: b0 & 0x0f, payload });
    at += head + length;
  }
}

const UPGRADE =
  'HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
  'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';

/** A WebSocket connection on a bare socket, after a real handshake: any bytes out, frames in. */
class RawConn {
  readonly #socket: Socket;
  #buffer = Buffer.alloc(0);
  #closed = false;
  #wake: (() => void) | undefined;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#notify();
    });
    socket.on('close', () => {
      this.#closed = true;
      this.#notify();
    });
    socket.on('error', () => {}); // a reset after the close frame: what was read stays
  }

  /** Connects and upgrades on `path`; resolves after the 101. */
  static async open(port: number, path: string): Promise<RawConn> {
    const { status, head, conn } = await RawConn.handshake(port, `GET ${path} ${UPGRADE}`);
    if (status !== 101) throw new Error(`upgrade refused: ${head}`);
    return conn;
  }

  /** Sends `request` and reads the response head; after a 101 the connection speaks WebSocket. */
  static async handshake(port: number, request: string) {
    const socket = connect(port, '127.0.0.1');
    onTestFinished(() => void socket.destroy());
    const conn = new RawConn(socket);
    socket.write(request);
    const end = await conn.#until('the response to the upgrade', () => {
      const i = conn.#buffer.indexOf('\r\n\r\n');
      return i === -1 ? undefined : i + 4;
    });
    const head = conn.#buffer.subarray(0, end).toString('latin1');
    conn.#buffer = conn.#buffer.subarray(end);
    return { status: Number(head.split(' ')[1]), head, conn };
  }

  write(bytes: Uint8Array): void {
    this.#socket.write(bytes);
  }

  /** Writes `bytes`, then half-closes: the server must end the connection. */
  end(bytes: Uint8Array): void {
    this.#socket.end(bytes);
  }

  /** Resolves with the frames received once `ready` holds for them; fails after 3 s. */
  frames(what: string, ready: (frames: ServerFrame[]) => boolean): Promise<ServerFrame[]> {
    return this.#until(what, () => {
      const { frames } = serverFrames(this.#buffer);
      return ready(frames) ? frames : undefined;
    });
  }

  /** Every frame received, once the server has closed the connection; no byte left over. */
  async closed(what: string): Promise<ServerFrame[]> {
    await this.#until(what, () => (this.#closed ? true : undefined));
    const { frames, end } = serverFrames(this.#buffer);
    expect(end, 'a frame cut short by the server').toBe(this.#buffer.length);
    return frames;
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #until<T>(what: string, ready: () => T | undefined): Promise<T> {
    return within(
      3000,
      what,
      (async () => {
        for (;;) {
          const value = ready();
          if (value !== undefined) return value;
          if (this.#closed) throw new Error(`the connection closed before ${what}`);
          await new Promise<void>((resolve) => (this.#wake = resolve));
        }
      })(),
    );
  }
}

/** One client frame; every field may be what RFC 6455 forbids. */
interface FrameSpec {
  readonly fin: boolean;
  readonly rsv: number;
  readonly opcode: number;
  readonly masked: boolean;
  readonly mask: Uint8Array;
  readonly payload: Uint8Array;
  /** The length field: the shortest form, or a longer one than needed. */
  readonly length: 'shortest' | '16' | '64';
}

/** The bytes of `f`, its payload masked with its key when `masked`. */
function encodeFrame(f: FrameSpec): Buffer {
  const n = f.payload.length;
  const mask = f.masked ? 0x80 : 0;
  let head: Buffer;
  if (f.length === '64' || n > 0xffff) {
    head = Buffer.alloc(10);
    head[1] = mask | 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  } else if (f.length === '16' || n > 125) {
    head = Buffer.alloc(4);
    head[1] = mask | 126;
    head.writeUInt16BE(n, 2);
  } else {
    head = Buffer.alloc(2);
    head[1] = mask | n;
  }
  head[0] = (f.fin ? 0x80 : 0) | ((f.rsv & 7) << 4) | (f.opcode & 0x0f);
  if (!f.masked) return Buffer.concat([head, f.payload]);
  const body = Buffer.from(f.payload.map((b, i) => b ^ (f.mask[i % 4] as number)));
  return Buffer.concat([head, Buffer.from(f.mask), body]);
}

const maskKey = fc.uint8Array({ minLength: 4, maxLength: 4 });
const text = (s: string) => new Uint8Array(Buffer.from(s));

/** Frames of every kind, mostly well-formed, each field now and then what a peer must refuse. */
const hostileFrame: fc.Arbitrary<FrameSpec> = fc.record({
  fin: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
  rsv: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 7 })),
  opcode: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(1, 2, 0, 8, 9, 10) },
    fc.constantFrom(3, 4, 5, 6, 7, 11, 12, 13, 14, 15),
  ),
  masked: fc.oneof({ weight: 8, arbitrary: fc.constant(true) }, fc.constant(false)),
  mask: maskKey,
  payload: fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }).map(text),
    fc.uint8Array({ maxLength: 140 }),
    // A close payload: a code, valid or not, and a reason that may not be UTF-8.
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(1000, 1001, 1005, 1006, 1015, 999, 2999, 3000, 4999, 5000),
          fc.nat(65535),
        ),
        fc.uint8Array({ maxLength: 8 }),
      )
      .map(([code, reason]) => new Uint8Array([code >> 8, code & 0xff, ...reason])),
    fc.uint8Array({ minLength: MAX - 2, maxLength: MAX + 2 }),
  ),
  length: fc.constantFrom('shortest', 'shortest', '16', '64'),
});

/** What a hostile client sends: its bytes, and the codes of the close frames among them. */
interface Hostile {
  readonly bytes: Uint8Array;
  /** The server may echo these (RFC 6455 section 5.5.1), whether it should or not. */
  readonly codes: readonly number[];
}

const closeCode = (f: FrameSpec): number[] =>
  f.opcode === 8 && f.payload.length >= 2
    ? [((f.payload[0] as number) << 8) | (f.payload[1] as number)]
    : [];

/** Bytes a client may send: frames, frames cut short, raw junk, and frame heads that promise much. */
const hostile: fc.Arbitrary<Hostile> = fc
  .array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: hostileFrame.map((f) => ({ bytes: encodeFrame(f), codes: closeCode(f) })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(hostileFrame, fc.nat()).map(([f, cut]) => {
          const b = encodeFrame(f);
          return { bytes: b.subarray(0, cut % (b.length + 1)), codes: closeCode(f) };
        }),
      },
      {
        weight: 1,
        arbitrary: fc
          .uint8Array({ maxLength: 30 })
          .map((b) => ({ bytes: Buffer.from(b), codes: [] })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            [0x82, 0xff, 0x40, 0, 0, 0, 0, 0, 0, 0], // 2^62 bytes declared
            [0x81, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
            [0x81, 0xfe, 0xff, 0xff, 0, 0, 0, 0], // 65535 declared, not sent
          )
          .map((b) => ({ bytes: Buffer.from(b), codes: [] })),
      },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => ({
    bytes: new Uint8Array(Buffer.concat(parts.map((p) => p.bytes))),
    codes: parts.flatMap((p) => p.codes),
  }));

/** The close code of `frames`, checking that nothing follows a close and at most one is sent. */
function closeCodeOf(frames: readonly ServerFrame[]): number | undefined {
  const i = frames.findIndex((f) => f.opcode === 8);
  if (i === -1) return undefined;
  expect(frames.slice(i + 1)).toEqual([]);
  const payload = (frames[i] as ServerFrame).payload;
  return payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
}

describe('any bytes after a real handshake', () => {
  it('end in answers and a close code the client caused, never 1011, a hang or a crash', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/ws', '/typed'),
        hostile,
        async (path, { bytes, codes }) => {
          const conn = await RawConn.open(served.port, path);
          conn.end(bytes);
          const hex = Buffer.from(bytes).toString('hex').slice(0, 400);
          const frames = await conn.closed(`the server to end the connection after ${hex}`);
          for (const f of frames) expect([1, 2, 8, 10]).toContain(f.opcode);
          const code = closeCodeOf(frames);
          if (code !== undefined) expect([1002, 1005, 1007, 1009, ...codes]).toContain(code);
        },
      ),
      { numRuns: runs(150) },
    );
    await stillServing(served);
  });
});

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

describe('hostile upgrade requests', () => {
  // Request targets and Cookie headers of printable ASCII (Node refuses the rest itself).
  const printable = (extra: string[]) =>
    fc.string({
      unit: fc.constantFrom(...'abz09%+=&;,"\\/?#._-~'.split(''), ...extra),
      maxLength: 30,
    });
  const request = fc.record({
    path: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('/hs', '/h%73') },
      fc.constantFrom('/hs/', '/hs/x', '/HS', '//hs', '/hs#'),
    ),
    query: fc.option(printable([]), { nil: undefined }),
    cookie: fc.option(printable([' ', '\t', '$']), { nil: undefined }),
    key: fc.oneof(
      { weight: 4, arbitrary: fc.constant('dGhlIHNhbXBsZSBub25jZQ==') },
      fc.constantFrom('dGhlIHNhbXBsZSBub25jZQ=', 'x', ''),
    ),
  });

  it('are upgraded and see the query and cookies sent, or refused with a 4xx, never dropped', async () => {
    const served = await app();
    const mask = new Uint8Array(4);
    await fc.assert(
      fc.asyncProperty(request, async ({ path, query, cookie, key }) => {
        const target = query === undefined ? path : `${path}?${query}`;
        const head =
          `GET ${target} HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\n` +
          (cookie === undefined ? '' : `Cookie: ${cookie}\r\n`) +
          '\r\n';
        const { status, conn } = await RawConn.handshake(served.port, head);
        // Routing first, then the handshake's own checks (runtime/ws/gateways.ts).
        const routed = path === '/hs' || path === '/h%73';
        const goodKey = key === 'dGhlIHNhbXBsZSBub25jZQ==';
        expect(status).toBe(!routed ? 404 : goodKey ? 101 : 400);
        if (status !== 101) return;
        conn.write(
          encodeFrame({
            fin: true,
            rsv: 0,
            opcode: 1,
            masked: true,
            mask,
            payload: text('?'),
            length: 'shortest',
          }),
        );
        const [answer] = await conn.frames('the answer', (fs) => fs.length > 0);
        const got = JSON.parse(String(answer?.payload)) as {
          q: unknown;
          c: Record<string, unknown>;
        };
        expect(got.q).toEqual({ ...parseQuery(query ?? '') });
        for (const v of Object.values(got.c)) expect(typeof v).toBe('string');
        conn.end(new Uint8Array(0));
        await conn.closed('the close');
      }),
      { numRuns: runs(80) },
    );
    await stillServing(served);
  });
});

/** A message as a valid client sends it: in one or more frames, pings between them. */
interface Message {
  readonly binary: boolean;
  readonly data: Uint8Array;
  /** Where its data is cut into frames. */
  readonly cuts: readonly number[];
  /** Before which of its frames a ping goes, with that payload. */
  readonly pings: readonly (readonly [number, Uint8Array])[];
}

const message: fc.Arbitrary<Message> = fc.record({
  binary: fc.boolean(),
  data: fc.uint8Array({ maxLength: 60 }),
  cuts: fc.array(fc.nat(60), { maxLength: 3 }),
  pings: fc.array(fc.tuple(fc.nat(3), fc.uint8Array({ maxLength: 10 })), { maxLength: 2 }),
});

/** The frames of `m` (text must be UTF-8: its data is re-encoded as such). */
function framesOf(
  m: Message,
  mask: Uint8Array,
): { bytes: Buffer[]; data: Uint8Array; pongs: Uint8Array[] } {
  const data = m.binary ? m.data : text(Buffer.from(m.data).toString('utf8'));
  const at = [...new Set(m.cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, data.length]) {
    pieces.push(data.subarray(from, to));
    from = to;
  }
  const bytes: Buffer[] = [];
  const pongs: Uint8Array[] = [];
  pieces.forEach((payload, i) => {
    for (const [before, ping] of m.pings) {
      if (before % pieces.length !== i) continue;
      bytes.push(
        encodeFrame({
          fin: true,
          rsv: 0,
          opcode: 9,
          masked: true,
          mask,
          payload: ping,
          length: 'shortest',
        }),
      );
      pongs.push(ping);
    }
    const opcode = i === 0 ? (m.binary ? 2 : 1) : 0;
    bytes.push(
      encodeFrame({
        fin: i === pieces.length - 1,
        rsv: 0,
        opcode,
        masked: true,
        mask,
        payload,
        length: 'shortest',
      }),
    );
  });
  return { bytes, data, pongs };
}

describe('valid frame sequences on a raw socket', () => {
  it('are echoed exactly, in order, pings answered, and closed with 1000', async () => {
    const served = await app();
    const input = fc.record({ messages: fc.array(message, { maxLength: 4 }), mask: maskKey });
    await fc.assert(
      fc.asyncProperty(input, async ({ messages, mask }) => {
        const sent = messages.map((m) => framesOf(m, mask));
        const close = encodeFrame({
          fin: true,
          rsv: 0,
          opcode: 8,
          masked: true,
          mask,
          payload: new Uint8Array([0x03, 0xe8]),
          length: 'shortest',
        });
        const conn = await RawConn.open(served.port, '/ws');
        conn.write(Buffer.concat(sent.flatMap((x) => x.bytes)));
        // Every answer first: a client that closes at once forfeits the replies still running.
        const pongCount = sent.reduce((n, x) => n + x.pongs.length, 0);
        const count = (fs: ServerFrame[], ops: number[]) =>
          fs.filter((f) => ops.includes(f.opcode)).length;
        await conn.frames(
          'every echo and pong',
          (fs) => count(fs, [1, 2]) === messages.length && count(fs, [10]) === pongCount,
        );
        conn.end(close);
        const frames = await conn.closed('the close');
        const data = frames.filter((f) => f.opcode === 1 || f.opcode === 2);
        expect(data.map((f) => [f.fin, f.opcode, Buffer.from(f.payload)])).toEqual(
          messages.map((m, i) => [
            true,
            m.binary ? 2 : 1,
            Buffer.from((sent[i] as { data: Uint8Array }).data),
          ]),
        );
        const pongs = frames.filter((f) => f.opcode === 10).map((f) => Buffer.from(f.payload));
        expect(pongs).toEqual(sent.flatMap((s) => s.pongs.map((p) => Buffer.from(p))));
        expect(closeCodeOf(frames)).toBe(1000);
      }),
      { numRuns: runs(80) },
    );
    await stillServing(served);
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
