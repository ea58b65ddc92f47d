/**
 * The HTTP jobs every framework serves, byte for byte, and the servers that serve them. A server is
 * a Node process that listens on `PORT` and reports its port over IPC (`peers/servers/listen.mjs`).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

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
  // Compiled to JavaScript by prepare() (app-build.ts), as the peers are plain JavaScript.
  { name: 'fw', args: [join(BENCH, 'app', '.work', 'server.js')] },
  { name: 'Fastify', args: [join(SERVERS, 'fastify.mjs')] },
  { name: 'Hono', args: [join(SERVERS, 'hono.mjs')] },
  { name: 'Express', args: [join(SERVERS, 'express.mjs')] },
  { name: 'NestJS (Express)', args: [join(SERVERS, 'nest.mjs')] },
  { name: 'NestJS (Fastify)', args: [join(SERVERS, 'nest.mjs')], env: { ADAPTER: 'fastify' } },
];

/**
 * The servers with OpenTelemetry on, for `bench:instructions` only (`--servers 'fw (telemetry)'`):
 * each preloads the same SDK (`peers/servers/otel-sdk.mjs`), and fw turns on its `telemetry`,
 * Fastify registers `@fastify/otel`.
 */
const OTEL_SDK = ['--import', join(SERVERS, 'otel-sdk.mjs')];
export const TELEMETRY_SERVERS: readonly ServerSpec[] = [
  {
    name: 'fw (telemetry)',
    args: [...OTEL_SDK, join(BENCH, 'app', '.work', 'server.js')],
    env: { BENCH_TELEMETRY: '1' },
  },
  {
    name: 'Fastify (@fastify/otel)',
    args: [...OTEL_SDK, join(SERVERS, 'fastify.mjs')],
    env: { BENCH_TELEMETRY: '1' },
  },
];

/**
 * The servers with security headers, for `bench:instructions` only (`--servers 'fw (security
 * headers)'`): fw's `securityHeaders: true` and @fastify/helmet with the same five headers on a
 * JSON answer; `fw (security headers off)` gives `securityHeaders: false`, to be counted beside
 * `fw` (no option), which it must equal.
 */
export const SECURITY_HEADER_SERVERS: readonly ServerSpec[] = [
  {
    name: 'fw (security headers)',
    args: [join(BENCH, 'app', '.work', 'server.js')],
    env: { BENCH_SECURITY_HEADERS: '1' },
  },
  {
    name: 'fw (security headers off)',
    args: [join(BENCH, 'app', '.work', 'server.js')],
    env: { BENCH_SECURITY_HEADERS: '0' },
  },
  {
    name: 'Fastify (@fastify/helmet)',
    args: [join(SERVERS, 'fastify.mjs')],
    env: { BENCH_SECURITY_HEADERS: '1' },
  },
];

/**
 * The servers with a rate limit on every request, for `bench:instructions` only (`--servers
 * 'fw (rate limit)'`): fw's `rateLimit()` with the memory store, Fastify's `@fastify/rate-limit`
 * with its default (in-memory) store and the same `RateLimit-*` fields; a limit no run reaches.
 */
export const RATE_LIMIT_SERVERS: readonly ServerSpec[] = [
  {
    name: 'fw (rate limit)',
    args: [join(BENCH, 'app', '.work', 'server.js')],
    env: { BENCH_RATE_LIMIT: '1' },
  },
  {
    name: 'Fastify (@fastify/rate-limit)',
    args: [join(SERVERS, 'fastify.mjs')],
    env: { BENCH_RATE_LIMIT: '1' },
  },
];

/** One request to repeat, and the exact answer every server must give before it is measured. */
export interface HttpJob {
  readonly id: string;
  readonly title: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly expect: {
    readonly status: number;
    readonly body: string;
    readonly header?: string;
    /** How `Content-Type` starts. @default 'application/json' */
    readonly type?: string;
    /** The `Content-Encoding` required; the body is compared once decoded. @default none */
    readonly encoding?: 'gzip';
  };
  /** The servers that serve this job (by name); every server when absent. */
  readonly servers?: readonly string[];
  /** Environment for every server of this job: turns on what only this job uses. */
  readonly env?: Readonly<Record<string, string>>;
}

/** The servers of `job` among `specs`, each with the job's environment added to its own. */
export function serversOf(job: HttpJob, specs: readonly ServerSpec[]): ServerSpec[] {
  return specs
    .filter((s) => job.servers === undefined || job.servers.includes(s.name))
    .map((s) => (job.env === undefined ? s : { ...s, env: { ...s.env, ...job.env } }));
}

const APP = join(BENCH, 'app');
/** Job static's file (about 10 KiB of JavaScript), served under `/assets/`. */
const STATIC_FILE = readFileSync(join(APP, 'public', 'app.js'), 'utf8');
/** Job gzip-json's answer (about 10 KiB of JSON), as `JSON.stringify` writes it. */
const CATALOG = JSON.stringify(JSON.parse(readFileSync(join(APP, 'catalog.json'), 'utf8')));
/** Turns on the static folder and compression in the servers of jobs static and gzip-json. */
const WEB_ENV = { BENCH_WEB: '1' };
const WEB_SERVERS = ['raw node:http', 'fw', 'Fastify'];

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
    servers: ['fw', 'Fastify'],
  },
  {
    // A browser front-end's script: fw's `static` option and @fastify/static (both on
    // @fastify/send), raw node:http with `fs.createReadStream`. No conditional header: each request
    // sends the whole file.
    id: 'static',
    title: 'GET /assets/app.js, a 10 KiB static file',
    method: 'GET',
    path: '/assets/app.js',
    headers: {},
    expect: { status: 200, body: STATIC_FILE, type: 'application/javascript' },
    servers: WEB_SERVERS,
    env: WEB_ENV,
  },
  {
    // A 10 KiB JSON answer, gzipped at zlib's default level (6) by fw's `compression` option,
    // @fastify/compress and, in raw node:http, `zlib.gzip`.
    id: 'gzip-json',
    title: 'GET /catalog, 10 KiB of JSON with Accept-Encoding: gzip',
    method: 'GET',
    path: '/catalog',
    headers: { 'accept-encoding': 'gzip' },
    expect: { status: 200, body: CATALOG, encoding: 'gzip' },
    servers: WEB_SERVERS,
    env: WEB_ENV,
  },
];

/** One answer as it came: status, headers and the body's bytes, not decoded. */
function get(
  port: number,
  job: HttpJob,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: job.path, method: job.method, headers: job.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(job.body);
  });
}

/** Throws, naming the server and what differs, unless it answers `job` exactly as expected. */
export async function verify(
  server: string,
  port: number,
  job: HttpJob,
  header = job.expect.header,
): Promise<void> {
  // node:http, not fetch: fetch adds an Accept-Encoding of its own and decodes what it gets.
  const res = await get(port, job);
  const problems: string[] = [];
  if (res.status !== job.expect.status) problems.push(`status ${res.status}`);
  const encoding = String(res.headers['content-encoding'] ?? '');
  if (encoding !== (job.expect.encoding ?? '')) problems.push(`content-encoding '${encoding}'`);
  const body = (encoding === 'gzip' ? gunzipSync(res.body) : res.body).toString('utf8');
  if (body !== job.expect.body) problems.push(`body ${body.slice(0, 200)}`);
  const type = String(res.headers['content-type'] ?? '');
  const expectedType = job.expect.type ?? 'application/json';
  if (!type.startsWith(expectedType)) problems.push(`content-type ${type}`);
  if (header !== undefined && res.headers[header] === undefined)
    problems.push(`no ${header} header`);
  if (problems.length > 0) {
    throw new Error(`${server} answers ${job.id} wrongly: ${problems.join('; ')}`);
  }
}
