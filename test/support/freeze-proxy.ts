/**
 * A TCP proxy in front of a broker that a test can freeze: while frozen it forwards nothing either
 * way and closes nothing, as a link that stalls (a saturated network, a paused VM) does, and new
 * connections wait; thawed, everything held goes through in order.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface FreezeProxy {
  /** Where clients connect: `127.0.0.1:<port>`. */
  readonly port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 port 0 and forwards each connection to `host:port`. */
export async function freezeProxy(port: number, host = '127.0.0.1'): Promise<FreezeProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const waiting: (() => void)[] = [];

  /** Forwards `from`'s data to `to`, holding it while frozen. */
  const pipe = (from: Socket, to: Socket) => {
    const held: Buffer[] = [];
    const flush = () => {
      while (!frozen && held.length > 0) to.write(held.shift() as Buffer);
    };
    waiting.push(flush);
    from.on('data', (chunk: Buffer) => {
      held.push(chunk);
      flush();
    });
    from.on('end', () => to.end());
  };

  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => sockets.delete(client));
    const open = () => {
      const upstream = connect(port, host);
      sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
      pipe(client, upstream);
      pipe(upstream, client);
    };
    if (frozen) {
      // Read nothing until thawed: the client's bytes wait in its socket.
      client.pause();
      waiting.push(() => {
        if (frozen || client.destroyed) return;
        client.resume();
        open();
      });
    } else open();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const go of [...waiting]) go();
    },
    async close() {
      frozen = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
