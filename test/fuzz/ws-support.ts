/**
 * The harness of the WebSocket fuzz tests: an app with an echo, a typed and a handshake-showing
 * gateway, a client on a bare socket that performs a real handshake and then writes any bytes, and
 * the frame codec (RFC 6455 section 5.2) both ways.
 */
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import type { WebSocketMessageContext } from 'fw/core';
import { type Issues, isObject, type Key, number, prefix, validator } from 'fw/validate';
import { expect, onTestFinished } from 'vitest';
import type { Served } from '../http/support.js';
import { Client, serve } from '../ws/support.js';
import { within } from './support.js';

/** The app's `maxMessageBytes`: small, so that too big is cheap to send. */
export const MAX = 256;

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

/** What the typed gateway takes. */
export type Msg = { op: 'add' | 'sub'; n: number };

/** `/ws` echoes (text as text, binary as binary), `/hs` shows its upgrade request, `/typed` takes a {@link Msg}. */
export function app(): Promise<Served> {
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
export async function stillServing(served: Served): Promise<void> {
  const client = await Client.open(served.port, '/ws');
  expect(await client.ask('still here')).toBe('still here');
  expect(await served.alive()).toBe(200);
  expect(served.logger.entries).toEqual([]);
}

/** A frame as the server sent it. */
export interface ServerFrame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
}

/**
 * The server's frames in `bytes` (unmasked, RFC 6455 section 5.2), and where the complete ones
 * end; a frame cut short is left for later.
 */
export function serverFrames(bytes: Buffer): { frames: ServerFrame[]; end: number } {
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
export class RawConn {
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
export interface FrameSpec {
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
export function encodeFrame(f: FrameSpec): Buffer {
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

/** A frame's masking key. */
export const maskKey = fc.uint8Array({ minLength: 4, maxLength: 4 });
/** `s` as UTF-8 bytes. */
export const text = (s: string) => new Uint8Array(Buffer.from(s));

/** The close code of `frames`, checking that nothing follows a close and at most one is sent. */
export function closeCodeOf(frames: readonly ServerFrame[]): number | undefined {
  const i = frames.findIndex((f) => f.opcode === 8);
  if (i === -1) return undefined;
  expect(frames.slice(i + 1)).toEqual([]);
  const payload = (frames[i] as ServerFrame).payload;
  return payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
}
