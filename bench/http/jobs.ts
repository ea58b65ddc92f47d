/**
 * The HTTP jobs every framework serves, byte for byte, and the servers that serve them. A server is
 * a Node process that listens on `PORT` and reports its port over IPC (`peers/servers/listen.mjs`).
 */
import { join } from 'node:path';

const BENCH = join(import.meta.dirname, '..');
const SERVERS = join(BENCH, 'peers', 'servers');

/** A framework under test: how to start its server. */
export interface ServerSpec {
  readonly name: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** The HTTP servers; `raw node:http` first, as every ratio is to it. */
export const HTTP_SERVERS: readonly ServerSpec[] = [
  { name: 'raw node:http', args: [join(SERVERS, 'raw.mjs')] },
  // fw as an application runs it: its built dist/, the app's TypeScript through tsx.
  { name: 'fw', args: ['--import', 'tsx', join(BENCH, 'app', 'server.ts')] },
  { name: 'Fastify', args: [join(SERVERS, 'fastify.mjs')] },
  { name: 'Hono', args: [join(SERVERS, 'hono.mjs')] },
  { name: 'Express', args: [join(SERVERS, 'express.mjs')] },
  { name: 'NestJS (Express)', args: [join(SERVERS, 'nest.mjs')] },
  { name: 'NestJS (Fastify)', args: [join(SERVERS, 'nest.mjs')], env: { ADAPTER: 'fastify' } },
];

/** One request to repeat, and the exact answer every server must give before it is measured. */
export interface HttpJob {
  readonly id: string;
  readonly title: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly expect: { readonly status: number; readonly body: string; readonly header?: string };
}

/** Job post's body: about 1 KiB of JSON. */
export const ORDER = (() => {
  const items = Array.from({ length: 10 }, (_, i) => ({
    sku: `SKU-${String(1000 + i * 37).padStart(6, '0')}`,
    qty: 1 + (i % 4),
    price: 4.99 + i * 2.5,
  }));
  const order = {
    customer: { id: 1001, name: 'Ada Lovelace', email: 'ada@example.com' },
    items,
    note: '',
  };
  order.note = 'Leave at the door. '.repeat(40).slice(0, 1024 - JSON.stringify(order).length);
  return order;
})();

const orderTotal = ORDER.items.reduce((sum, i) => sum + i.qty * i.price, 0);

/** The jobs. */
export const HTTP_JOBS: readonly HttpJob[] = [
  {
    id: 'get',
    title: 'GET /users/:id/orders/:orderId?active=yes&page=2&tag=a&tag=b',
    method: 'GET',
    path: '/users/42/orders/7?active=yes&page=2&tag=a&tag=b',
    headers: { 'x-user': 'ada' },
    expect: {
      status: 200,
      body: '{"userId":42,"orderId":7,"active":true,"page":2,"tags":["a","b"],"user":"ada"}',
      header: 'x-bench',
    },
  },
  {
    id: 'post',
    title: 'POST /users/:id/orders, a 1 KiB JSON body validated against a DTO',
    method: 'POST',
    path: '/users/42/orders',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ORDER),
    expect: {
      status: 200,
      body: JSON.stringify({ userId: 42, customer: 1001, items: 10, total: orderTotal }),
    },
  },
  {
    // Served by fw and Fastify only: job post with a constraint on every field of the body's DTO
    // (fw's `CheckedOrder` in bench/app/orders.ts, the same keywords in Fastify's JSON schema).
    // The body is job post's, which passes them: what is measured is the valid request.
    id: 'post-checked',
    title: 'POST /users/:id/checked-orders, job post with a constraint on every field of the DTO',
    method: 'POST',
    path: '/users/42/checked-orders',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ORDER),
    expect: {
      status: 200,
      body: JSON.stringify({ userId: 42, customer: 1001, items: 10, total: orderTotal }),
    },
  },
];

/** Throws, naming the server and what differs, unless it answers `job` exactly as expected. */
export async function verify(server: string, port: number, job: HttpJob): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${job.path}`, {
    method: job.method,
    headers: job.headers,
    ...(job.body === undefined ? {} : { body: job.body }),
  });
  const body = await res.text();
  const problems: string[] = [];
  if (res.status !== job.expect.status) problems.push(`status ${res.status}`);
  if (body !== job.expect.body) problems.push(`body ${body}`);
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) problems.push(`content-type ${type}`);
  if (job.expect.header !== undefined && !res.headers.has(job.expect.header)) {
    problems.push(`no ${job.expect.header} header`);
  }
  if (problems.length > 0) {
    throw new Error(`${server} answers ${job.id} wrongly: ${problems.join('; ')}`);
  }
}
