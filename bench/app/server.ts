/**
 * fw's server in `npm run bench`: the benchmark app (`orders.ts` over HTTP, `echo.ts` over
 * WebSocket) from its generated bindings, as an application runs it: fw from its built `dist/`,
 * this TypeScript through tsx. Listens on `PORT` (0: any) and reports the port over IPC.
 */
import { join } from 'node:path';
import { createApp } from 'fw';
import { rateLimit } from 'fw/rate-limit';
import { bindings } from './bindings.js';
import { ShippedCounter, ShippingEvents } from './shipping.js';

// Jobs static and gzip-json set BENCH_WEB=1; the other jobs run without the static folder and
// compression. Compression as @fastify/compress's defaults: a threshold of 1,024 bytes, and gzip
// at zlib's default level 6 (fw has no level option; it flushes each chunk, Z_SYNC_FLUSH).
const web = process.env['BENCH_WEB'] === '1';
const keepAlive = process.env['BENCH_KEEPALIVE_MS'];
// Server 'fw (telemetry)' sets BENCH_TELEMETRY=1 and preloads the SDK (peers/servers/otel-sdk.mjs).
const telemetry = process.env['BENCH_TELEMETRY'] === '1';
// Server 'fw (security headers)' sets BENCH_SECURITY_HEADERS=1: the defaults of `securityHeaders`,
// five headers on a JSON answer (the CSP goes on HTML only); '0' gives `securityHeaders: false`,
// which must cost what no option costs.
const security = process.env['BENCH_SECURITY_HEADERS'];
// Server 'fw (rate limit)' sets BENCH_RATE_LIMIT=1: the memory store, a limit no run reaches (as
// peers/servers/fastify.mjs sets @fastify/rate-limit's).
const limited = process.env['BENCH_RATE_LIMIT'] === '1';
// bench:ws-memory sets BENCH_WS_MAX_CONNECTIONS above its connection count (default 1024).
const maxWs = process.env['BENCH_WS_MAX_CONNECTIONS'];
const app = createApp({
  bindings,
  // bench:instructions sets a long keep-alive (see bench/peers/servers/raw.mjs).
  ...(keepAlive === undefined ? {} : { keepAliveTimeoutMs: Number(keepAlive) }),
  ...(maxWs === undefined ? {} : { maxConnections: Number(maxWs) }),
  providers: [new ShippingEvents(new ShippedCounter())],
  ...(telemetry ? { telemetry: {} } : {}),
  ...(security === undefined ? {} : { securityHeaders: security === '1' }),
  ...(limited ? { interceptors: [rateLimit({ limit: 1e9, windowMs: 3_600_000 })] } : {}),
  ...(web
    ? {
        static: [{ root: join(import.meta.dirname, 'public'), prefix: '/assets' }],
        compression: { threshold: 1024 },
      }
    : {}),
});
const { port } = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
if (process.send) process.send({ port });
else console.log(`listening on 127.0.0.1:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
