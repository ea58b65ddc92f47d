/**
 * The harness of the WebSocket tests: apps from `test/http/support.ts` (hand-written bindings in
 * fwgen's shape, a `WS` handler per gateway path) served on 127.0.0.1 port 0, and real `ws`
 * clients that collect what they receive, so a test awaits the next message, the close, or the
 * refused upgrade's response.
 */
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { onTestFinished } from 'vitest';
import { type ClientOptions, WebSocket } from 'ws';

export {
  deferred,
  RawClient,
  recordingLogger,
  serve,
  type TestRoute,
} from '../http/support.js';

/** A message as the client received it. */
export interface Received {
  readonly data: string | Uint8Array;
  readonly binary: boolean;
}

/** How the connection ended, as the client saw it. */
export interface Closed {
  readonly code: number;
  readonly reason: string;
}

/** A `ws` client that keeps every message and the close, in order. */
export class Client {
  readonly ws: WebSocket;
  readonly #messages: Received[] = [];
  #wake: (() => void) | undefined;
  readonly closed: Promise<Closed>;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data, binary) => {
      const buffer = data as Buffer;
      this.#messages.push({
        data: binary ? new Uint8Array(buffer) : buffer.toString('utf8'),
        binary,
      });
      this.#notify();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString('utf8') });
        this.#notify();
      }),
    );
    ws.on('error', () => {}); // the close event reports what the tests look at
  }

  /** Opens a connection to `path`; rejects when the upgrade is refused. Closed after the test. */
  static open(port: number, path: string, options: ClientOptions = {}): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, options);
      onTestFinished(() => ws.terminate());
      const client = new Client(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused with ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  /** The next message; rejects if the connection closes first. */
  async next(): Promise<Received> {
    for (;;) {
      const message = this.#messages.shift();
      if (message !== undefined) return message;
      if (this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`closed before a message: ${JSON.stringify(await this.closed)}`);
      }
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  /** The next message, which must be text. */
  async text(): Promise<string> {
    const { data } = await this.next();
    if (typeof data !== 'string') throw new Error('expected a text message, got a binary one');
    return data;
  }

  /** Sends `data` and resolves once it is written. */
  send(data: string | Uint8Array): Promise<void> {
    return new Promise((resolve, reject) =>
      this.ws.send(data, (err) => (err == null ? resolve() : reject(err))),
    );
  }

  /** Sends `data` and returns the text reply. */
  async ask(data: string | Uint8Array): Promise<string> {
    await this.send(data);
    return this.text();
  }

  /** Messages received and not yet taken. */
  pending(): number {
    return this.#messages.length;
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}

/** The response to an upgrade the server refused. */
export interface Refusal {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly json: unknown;
}

/** Tries an upgrade to `path` that the server must refuse; resolves with its response. */
export function refusal(port: number, path: string, options: ClientOptions = {}): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, options);
    onTestFinished(() => ws.terminate());
    ws.on('error', () => {});
    ws.once('open', () => reject(new Error(`the upgrade to ${path} was accepted`)));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const json: unknown = body === '' ? undefined : JSON.parse(body);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
      });
    });
  });
}

/**
 * RFC 9457 problem details as fw renders them: with the `FW_ERR_*` `code` of fw's own problems
 * (every 500 is `FW_ERR_INTERNAL`), without one for an application's `HttpError`.
 */
export function problem(status: number, title: string, detail: string, code?: string) {
  const base = { type: 'about:blank', title, status, detail };
  if (code !== undefined) return { ...base, code };
  return status === 500 ? { ...base, code: 'FW_ERR_INTERNAL' } : base;
}

const UPGRADE =
  'HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
  'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';

/** A WebSocket client on a bare socket, for frames no real client would send. */
export class RawWebSocket {
  readonly #socket: Socket;
  #buffer = Buffer.alloc(0);
  #ended = false;
  #wake: (() => void) | undefined;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#notify();
    });
    const end = () => {
      this.#ended = true;
      this.#notify();
    };
    socket.on('close', end);
    socket.on('error', end);
  }

  /** Connects and upgrades on `path`; resolves once the 101 response has been read. */
  static async open(port: number, path: string): Promise<RawWebSocket> {
    const socket = connect(port, '127.0.0.1');
    onTestFinished(() => void socket.destroy());
    const raw = new RawWebSocket(socket);
    socket.write(`GET ${path} ${UPGRADE}`);
    const end = await raw.#until(() => {
      const i = raw.#buffer.indexOf('\r\n\r\n');
      return i === -1 ? undefined : i + 4;
    });
    const head = raw.#buffer.subarray(0, end).toString('latin1');
    if (!head.startsWith('HTTP/1.1 101')) throw new Error(`upgrade refused: ${head}`);
    raw.#buffer = raw.#buffer.subarray(end);
    return raw;
  }

  /** Writes bytes as they are. */
  write(bytes: Uint8Array): void {
    this.#socket.write(bytes);
  }

  /** Destroys the socket, as a client that vanishes. */
  destroy(): void {
    this.#socket.destroy();
  }

  /** The code of the server's close frame; rejects if the connection ends without one. */
  async closeCode(): Promise<number> {
    return this.#until(() => {
      for (let at = 0; at + 2 <= this.#buffer.length; ) {
        const opcode = (this.#buffer[at] as number) & 0x0f;
        const length = (this.#buffer[at + 1] as number) & 0x7f; // the server's frames here are small
        if (at + 2 + length > this.#buffer.length) return undefined;
        if (opcode === 8) return this.#buffer.readUInt16BE(at + 2);
        at += 2 + length;
      }
      return undefined;
    });
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  async #until<T>(ready: () => T | undefined): Promise<T> {
    for (;;) {
      const value = ready();
      if (value !== undefined) return value;
      if (this.#ended) throw new Error('the connection ended first');
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }
}

/** A client frame: FIN, `opcode`, masked with a zero mask unless `masked` is false. */
export function frame(
  opcode: number,
  payload: Uint8Array,
  options: { masked?: boolean; rsv?: number } = {},
): Buffer {
  const masked = options.masked ?? true;
  const head = [0x80 | ((options.rsv ?? 0) << 4) | opcode, (masked ? 0x80 : 0) | payload.length];
  return Buffer.concat([Buffer.from(head), masked ? Buffer.alloc(4) : Buffer.alloc(0), payload]);
}
