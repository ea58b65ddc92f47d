// redisRateLimitStore() with the `redis` package (node-redis): two app instances on the local
// Redis enforce one limit, whichever instance answers; and a Redis of the test's own, stopped and
// started again mid-test, gives the documented choice (allow, or refuse with 503), one log line
// for the outage and one for the recovery, and the limit again once it is back.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { rateLimit, redisRateLimitStore } from 'fw/rate-limit';
import { createClient } from 'redis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { problem, recordingLogger, serve } from './support.js';

async function redis(url = 'redis://127.0.0.1:6379') {
  // No offline queue: while Redis is away a command fails at once instead of waiting for it.
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => 50 },
  });
  client.on('error', () => {});
  await client.connect();
  onTestFinished(() => client.destroy());
  return client;
}

const prefix = () => `fw:test:rate:${randomBytes(5).toString('hex')}:`;

/** A port no one listens on, as the OS hands one out. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server of the test's own on `port`, ready for commands. */
async function redisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  onTestFinished(() => void child.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('redisRateLimitStore()', () => {
  it('makes two app instances on one Redis refuse the 11th request of a limit of 10', async () => {
    const keyPrefix = prefix();
    const instances = [];
    for (let i = 0; i < 2; i++) {
      const store = redisRateLimitStore({ client: await redis(), prefix: keyPrefix });
      const limiter = rateLimit({ limit: 10, windowMs: 60_000, store });
      instances.push(await serve([], { interceptors: [limiter] }));
    }
    const statuses: number[] = [];
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch((instances[i % 2] as (typeof instances)[0]).url('/ok'));
      statuses.push(res.status);
      remaining.push(res.headers.get('ratelimit-remaining'));
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0', '0', '0']);
    // The count expires with its window in Redis.
    const client = await redis();
    const ttl = await client.pTTL(`${keyPrefix}ip:127.0.0.1`);
    expect(ttl).toBeGreaterThan(50_000);
    await client.del(`${keyPrefix}ip:127.0.0.1`);
  });

  it('starts a new window in Redis once the old one has ended', async () => {
    const store = redisRateLimitStore({ client: await redis(), prefix: prefix() });
    const { url } = await serve([], {
      interceptors: [rateLimit({ limit: 1, windowMs: 300, store })],
    });
    expect([(await fetch(url('/ok'))).status, (await fetch(url('/ok'))).status]).toEqual([
      200, 429,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await fetch(url('/ok'))).status).toBe(200);
  });

  it.each([
    ['allow', 200],
    ['refuse', 503],
  ] as const)(
    'while its Redis is down: onStoreError %s answers %i, logs the outage and the recovery once each',
    async (onStoreError, status) => {
      const port = await freePort();
      let server = await redisServer(port);
      const client = await redis(`redis://127.0.0.1:${port}`);
      const logger = recordingLogger();
      const store = redisRateLimitStore({ client, prefix: prefix() });
      const limiter = rateLimit({ limit: 2, windowMs: 60_000, store, onStoreError, logger });
      const { url } = await serve([], { interceptors: [limiter] });
      const get = async () => (await fetch(url('/ok'))).status;
      expect([await get(), await get(), await get()]).toEqual([200, 200, 429]);

      await stop(server);
      const down = [await get(), await get(), await get()];
      expect(down).toEqual([status, status, status]);
      if (onStoreError === 'refuse') {
        const res = await fetch(url('/ok'));
        expect(res.headers.get('retry-after')).toBe('1');
        expect(await res.json()).toEqual(
          problem(
            503,
            'Service Unavailable',
            'The rate limit store cannot be reached, so the request was not run; retry later',
            'FW_ERR_RATE_LIMIT_STORE',
          ),
        );
      }

      // Back, empty (no persistence): the limit holds again from a new count.
      server = await redisServer(port);
      let back = 0;
      for (let i = 0; i < 100 && back !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        back = await get();
      }
      expect([back, await get(), await get()]).toEqual([200, 200, 429]);
      const said = logger.records
        .filter((r) => r.msg.startsWith('rate limit store'))
        .map((r) => [r.level, r.msg]);
      const until = onStoreError === 'allow' ? 'not limited' : 'refused';
      expect(said).toEqual([
        ['warn', `rate limit store failed; until it answers, requests are ${until}`],
        ['info', 'rate limit store answers again'],
      ]);
    },
  );

  it('does not hang a request on a Redis that does not answer', async () => {
    // A client whose commands never settle stands for a Redis that hangs.
    const hung = { eval: () => new Promise(() => {}), evalSha: () => new Promise(() => {}) };
    const store = redisRateLimitStore({ client: hung as never });
    const logger = recordingLogger();
    const limiter = rateLimit({ limit: 1, windowMs: 1000, store, storeTimeoutMs: 100, logger });
    const { url } = await serve([], { interceptors: [limiter] });
    expect((await fetch(url('/ok'))).status).toBe(200);
    expect(logger.records.map((r) => [r.level, r.msg, String(r.fields['err'])])).toEqual([
      [
        'warn',
        'rate limit store failed; until it answers, requests are not limited',
        'Error: the rate limit store did not answer in 100 ms',
      ],
    ]);
  });

  it('checks its options', () => {
    expect(() => redisRateLimitStore({ client: {} as never })).toThrow(
      "redisRateLimitStore option 'client' must be a connected Redis client with eval and evalSha (node-redis createClient()); got an empty object",
    );
  });
});
