/**
 * The soak's HTTP requests, one at a time as the scheduler asks: each is checked (status and body)
 * and counted as answered or failed. A keep-alive agent per channel, so a slow POST does not queue
 * GETs; latency runs from the call to the last byte, so it includes waiting for a free socket.
 */
import { Agent, request } from 'node:http';
import type { ChannelStats } from './channel-stats.js';

const TIMEOUT_MS = 30_000;
const LINES = Array.from({ length: 5 }, (_, i) => ({
  sku: `SKU-${String(1000 + i * 37).padStart(6, '0')}`,
  qty: 1 + (i % 3),
  price: 4.99 + i * 2.5,
}));
const NOTE = 'Leave at the door. '.repeat(12);

/** Sends one request and checks its answer; settles `stats` exactly once. */
function send(
  target: HttpTarget,
  stats: ChannelStats,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
  check: (status: number, body: string) => string | undefined,
): void {
  const start = performance.now();
  let settled = false;
  const fail = (reason: string) => {
    if (settled) return;
    settled = true;
    stats.error(reason);
  };
  stats.sent();
  const req = request(
    { agent: target.agent, host: '127.0.0.1', port: target.port, ...options },
    (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        let wrong: string | undefined;
        try {
          wrong = check(res.statusCode ?? 0, body);
        } catch {
          wrong = 'body not JSON';
        }
        if (wrong !== undefined) return fail(wrong);
        if (settled) return;
        settled = true;
        stats.ok(performance.now() - start);
      });
      res.on('error', (err: NodeJS.ErrnoException) => fail(err.code ?? err.message));
    },
  );
  req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
  req.on('error', (err: NodeJS.ErrnoException) =>
    fail(`${err.code ?? err.message}${req.reusedSocket ? ' on a reused keep-alive socket' : ''}`),
  );
  req.end(options.body);
}

/** The server on `port` through a keep-alive agent of its own. */
export interface HttpTarget {
  readonly port: number;
  readonly agent: Agent;
}

/**
 * A target on `port` with at most `maxSockets` connections. The agent needs a `timeout` of its own
 * for Node 20 to apply the server's `Keep-Alive: timeout=5` hint, closing an idle socket a second
 * before the server does; without it, a request sent on a socket the server has just closed fails
 * with ECONNRESET whenever this process was descheduled at that moment.
 */
export function httpTarget(port: number, maxSockets: number): HttpTarget {
  return { port, agent: new Agent({ keepAlive: true, maxSockets, timeout: TIMEOUT_MS }) };
}

/** `GET /items/:id?page=…&tag=a&tag=b`, number `seq`; the answer echoes every parameter. */
export function sendGet(target: HttpTarget, stats: ChannelStats, seq: number): void {
  const id = (seq % 1000) + 1;
  const page = (seq % 7) + 1;
  const expected = JSON.stringify({ id, page, tags: ['a', 'b'], client: 'soak' });
  send(
    target,
    stats,
    {
      method: 'GET',
      path: `/items/${id}?page=${page}&tag=a&tag=b`,
      headers: { 'x-client': 'soak' },
    },
    (status, body) =>
      status !== 200 ? `status ${status}` : body !== expected ? 'body mismatch' : undefined,
  );
}

/** `POST /orders` with a validated JSON body of about 500 bytes; the server publishes an event. */
export function sendPost(target: HttpTarget, stats: ChannelStats, seq: number): void {
  const body = JSON.stringify({ ref: seq, customer: 'soak', lines: LINES, note: NOTE });
  send(
    target,
    stats,
    {
      method: 'POST',
      path: '/orders',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    },
    (status, text) => {
      if (status !== 202) return `status ${status}`;
      const answer = JSON.parse(text) as { ref?: unknown; orderId?: unknown };
      return answer.ref === seq && typeof answer.orderId === 'number' ? undefined : 'body mismatch';
    },
  );
}
