/**
 * The soak's WebSocket clients: each message is 64 bytes carrying its number, and the echo is
 * matched back to it by that number. A dropped connection fails the messages it had in flight and
 * is opened again a second later.
 */
import WebSocket from 'ws';
import type { ChannelStats } from './channel-stats.js';

const MESSAGE_BYTES = 64;
const RECONNECT_MS = 1000;

/** One connection to the echo gateway, reopened when it drops. */
class EchoClient {
  readonly #url: string;
  readonly #stats: ChannelStats;
  /** Send time of each message in flight, by number. */
  readonly #inFlight = new Map<number, number>();
  #socket: WebSocket | undefined;
  #closing = false;

  constructor(url: string, stats: ChannelStats) {
    this.#url = url;
    this.#stats = stats;
  }

  get open(): boolean {
    return this.#socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the connection; resolves once it is open. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.#url);
      this.#socket = socket;
      socket.binaryType = 'nodebuffer';
      socket.once('open', () => resolve());
      socket.on('message', (data: Buffer) => this.#echo(data));
      socket.on('error', (err: NodeJS.ErrnoException) => reject(err));
      socket.on('close', (code: number) => this.#closed(code));
    });
  }

  send(seq: number): void {
    const socket = this.#socket;
    this.#stats.sent();
    if (socket === undefined || socket.readyState !== WebSocket.OPEN) {
      this.#stats.error('no open connection');
      return;
    }
    const message = Buffer.alloc(MESSAGE_BYTES, 0x61);
    message.writeUInt32LE(seq, 0);
    this.#inFlight.set(seq, performance.now());
    socket.send(message, (err) => {
      if (err !== undefined && err !== null && this.#inFlight.delete(seq)) {
        this.#stats.error(`send: ${err.message}`);
      }
    });
  }

  close(): void {
    this.#closing = true;
    this.#socket?.close(1000);
  }

  #echo(data: Buffer): void {
    const seq = data.length === MESSAGE_BYTES ? data.readUInt32LE(0) : -1;
    const sentAt = this.#inFlight.get(seq);
    if (sentAt === undefined) {
      this.#stats.error('unexpected echo');
      return;
    }
    this.#inFlight.delete(seq);
    this.#stats.ok(performance.now() - sentAt);
  }

  #closed(code: number): void {
    for (const _ of this.#inFlight.keys()) this.#stats.error(`connection closed ${code}`);
    this.#inFlight.clear();
    this.#socket = undefined;
    if (this.#closing) return;
    setTimeout(() => {
      // A failed attempt closes too, and `#closed` tries again.
      if (!this.#closing) this.connect().catch(() => {});
    }, RECONNECT_MS);
  }
}

/** `count` echo clients, sent to in turn. */
export class EchoClients {
  readonly #clients: EchoClient[];
  #next = 0;

  constructor(url: string, count: number, stats: ChannelStats) {
    this.#clients = Array.from({ length: count }, () => new EchoClient(url, stats));
  }

  connect(): Promise<void> {
    return Promise.all(this.#clients.map((c) => c.connect())).then(() => {});
  }

  /** Sends message `seq` on the next open connection (on a closed one if none is open). */
  send(seq: number): void {
    const n = this.#clients.length;
    let client = this.#clients[this.#next % n] as EchoClient;
    for (let i = 0; i < n && !client.open; i++) {
      this.#next++;
      client = this.#clients[this.#next % n] as EchoClient;
    }
    this.#next++;
    client.send(seq);
  }

  close(): void {
    for (const c of this.#clients) c.close();
  }
}
