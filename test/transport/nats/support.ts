// Shared by the NATS transport tests: unique JetStream names per test and their cleanup, a
// transport with a quiet logger, a TCP proxy whose connections a test can cut, and waiting on a
// condition.
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { type JetStreamManager, jetstreamManager, type StoredMsg } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NatsTransport, type NatsTransportOptions } from 'fw/transport/nats';
import { quietLogger } from '../support.js';

export { payload, publishRange, quietLogger, Recorder, waitFor } from '../support.js';

/** The server `.ci/services` starts. */
export const URL = 'nats://127.0.0.1:4222';

/** Stream, subjects and group no other test uses. */
export interface Names {
  readonly stream: string;
  readonly subjectPrefix: string;
  readonly group: string;
  readonly deadLetterSubject: string;
}

/** Fresh names. */
export function uniqueNames(): Names {
  const id = randomBytes(5).toString('hex');
  const subjectPrefix = `fwtest.${id}`;
  const group = `g_${id}`;
  return {
    stream: `FW_TEST_${id}`,
    subjectPrefix,
    group,
    deadLetterSubject: `${subjectPrefix}-dead.${group}`,
  };
}

/** A plain connection and manager for looking at and cleaning up the server. */
export async function admin(): Promise<{ nc: NatsConnection; jsm: JetStreamManager }> {
  const nc = await connect({ servers: URL });
  return { nc, jsm: await jetstreamManager(nc) };
}

/** Deletes the stream, and with it its consumers. */
export async function deleteStream(stream: string): Promise<void> {
  const { nc, jsm } = await admin();
  try {
    await jsm.streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** The consumer's unacknowledged and not yet delivered counts. */
export async function backlog(
  names: Names,
  group = names.group,
): Promise<{ ackPending: number; pending: number }> {
  const { nc, jsm } = await admin();
  try {
    const info = await jsm.consumers.info(names.stream, group);
    return { ackPending: info.num_ack_pending, pending: info.num_pending };
  } finally {
    await nc.close();
  }
}

/** The messages stored on `subject`, oldest first (the test streams are small). */
export async function storedOn(names: Names, subject: string): Promise<StoredMsg[]> {
  const { nc, jsm } = await admin();
  try {
    const { first_seq, last_seq } = (await jsm.streams.info(names.stream)).state;
    const messages: StoredMsg[] = [];
    for (let seq = first_seq; seq <= last_seq && seq > 0; seq++) {
      const m = await jsm.streams.getMessage(names.stream, { seq }).catch(() => null);
      if (m !== null && m.subject === subject) messages.push(m);
    }
    return messages;
  } finally {
    await nc.close();
  }
}

/** A transport for `names` with a quiet logger and fast reconnection. */
export function testTransport(
  names: Names,
  options: Partial<NatsTransportOptions> = {},
): NatsTransport & { readonly logger: ReturnType<typeof quietLogger> } {
  const logger = quietLogger();
  const transport = new NatsTransport({
    url: URL,
    group: names.group,
    stream: names.stream,
    subjectPrefix: names.subjectPrefix,
    reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
    logger,
    ...options,
  });
  return Object.assign(transport, { logger });
}

/**
 * A TCP proxy to the NATS server on 127.0.0.1, port 0: `cut()` destroys every connection through
 * it, as a network failure would, and while `down` it refuses new ones.
 */
export class CutProxy {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  /** While true, new connections are closed at once. */
  down = false;
  /** Connections accepted so far. */
  accepted = 0;

  constructor() {
    this.#server = createServer((client) => {
      if (this.down) {
        client.destroy();
        return;
      }
      this.accepted++;
      const upstream = tcpConnect(4222, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => {
          this.#sockets.delete(s);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  }

  /** Listens; resolves with the URL to connect to. */
  listen(): Promise<string> {
    return new Promise((resolve) => {
      this.#server.listen(0, '127.0.0.1', () => {
        const address = this.#server.address();
        resolve(`nats://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      });
    });
  }

  /** Destroys every connection through the proxy. */
  cut(): void {
    for (const s of this.#sockets) s.destroy();
  }

  /** Stops listening and cuts what is left. */
  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** What a test opened, released after it: transports first, then proxies, then streams. */
export class Resources {
  readonly #transports: { close(): Promise<void> }[] = [];
  readonly #proxies: CutProxy[] = [];
  readonly #streams: string[] = [];

  /** Fresh names whose stream is deleted afterwards. */
  names(): Names {
    const n = uniqueNames();
    this.#streams.push(n.stream);
    return n;
  }

  /** Closes `transport` afterwards. */
  track<T extends { close(): Promise<void> }>(transport: T): T {
    this.#transports.push(transport);
    return transport;
  }

  /** A proxy closed afterwards, once the transports using it are. */
  proxy(): CutProxy {
    const proxy = new CutProxy();
    this.#proxies.push(proxy);
    return proxy;
  }

  /** Closes and deletes everything. */
  async release(): Promise<void> {
    await Promise.all(this.#transports.splice(0).map((t) => t.close()));
    await Promise.all(this.#proxies.splice(0).map((p) => p.close()));
    await Promise.all(this.#streams.splice(0).map(deleteStream));
  }
}
