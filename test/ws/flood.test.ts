// A client that sends without ever reading must cost the server a bounded amount of memory: the
// server stops reading a connection whose replies pile up (backpressureHighWaterMark), and cuts it
// when it does not answer pings (API.md section 5b, "Backpressure" and "Liveness"). The server runs
// in its own process (flood-server.ts), so that its resident memory is measured alone.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Client } from './support.js';

const require = createRequire(import.meta.url);
const SERVER = new URL('./flood-server.ts', import.meta.url).pathname;
const FRAMES = 200_000;
/**
 * A masked text frame of 64 `a`s, with an all-zero mask. Its echoes, 13 MB in all, are more than
 * the kernel's socket buffers take, so what the client does not read piles up in the server.
 */
const FRAME = Buffer.concat([Buffer.from([0x81, 0x80 | 64, 0, 0, 0, 0]), Buffer.alloc(64, 'a')]);

/** Starts flood-server.ts with `options`; resolves with its process and port. Stopped after the test. */
async function startServer(options: object): Promise<{ server: ResultPromise; port: number }> {
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const server = execa(
    'node',
    ['--conditions=source', '--import', tsx, SERVER, JSON.stringify(options)],
    { reject: false, buffer: false },
  );
  onTestFinished(async () => {
    server.kill('SIGKILL');
    await server;
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n')[0];
      if (out.includes('\n') && line !== undefined)
        resolve((JSON.parse(line) as { port: number }).port);
    });
    void server.then((r) => reject(new Error(`the server exited: ${String(r.stderr)}`)));
  });
  return { server, port };
}

/** The resident memory of process `pid`, in kB. */
function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (match === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** Opens a WebSocket on a bare socket at `/ws`, then stops reading it for good. */
async function nonReadingClient(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  onTestFinished(() => void socket.destroy());
  socket.on('error', () => {}); // the server cutting the connection is what the test waits for
  socket.write(
    'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  );
  const head = await new Promise<string>((resolve) => {
    let got = '';
    const onData = (chunk: Buffer) => {
      got += chunk.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      resolve(got);
    };
    socket.on('data', onData);
  });
  expect(head.startsWith('HTTP/1.1 101')).toBe(true);
  return socket;
}

/** Resolves when `socket` has closed, rejecting after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('a client that sends and never reads', () => {
  it(`stops being read, keeps the server's memory bounded, and is cut off (${FRAMES} frames)`, async () => {
    const { server, port } = await startServer({ pingIntervalMs: 2000 });
    const pid = server.pid as number;
    // Warm up: the first messages load and compile what every later one runs.
    const warm = await Client.open(port, '/ws');
    for (let i = 0; i < 200; i++) expect(await warm.ask(`w${i}`)).toBe(`w${i}`);
    warm.ws.close();
    await warm.closed;
    const before = rssKb(pid);

    const socket = await nonReadingClient(port);
    const closed = closedWithin(socket, 60_000);
    socket.write(Buffer.concat(Array.from({ length: FRAMES }, () => FRAME)));
    let peak = before;
    // It goes on sending now and then: a socket that does not read learns that the server cut it
    // only when a write fails.
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(pid));
      if (!socket.destroyed) socket.write(FRAME);
    }, 50);
    try {
      await closed;
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssKb(pid));
    const stats = (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as {
      handled: number;
    };

    const grownMb = (peak - before) / 1024;
    const seen = `RSS ${Math.round(before / 1024)} MB -> peak ${Math.round(peak / 1024)} MB, ${stats.handled} messages handled`;
    expect(grownMb, seen).toBeLessThan(40);
    // It stopped reading long before the end: most frames were never taken off the socket.
    expect(stats.handled, seen).toBeLessThan(FRAMES / 2);
    expect(stats.handled, seen).toBeGreaterThan(0);
  }, 90_000);
});
