// Fastify 5 as its users tune it: JSON schemas for params, query, body and response (Ajv
// coercion and validation, fast-json-stringify for the response), an onRequest hook for the user.
// With BENCH_WEB=1 (jobs static and gzip-json), @fastify/static and @fastify/compress too; with
// BENCH_TELEMETRY=1 (server 'Fastify (@fastify/otel)', under otel-sdk.mjs), @fastify/otel. With
// BENCH_SECURITY_HEADERS=1 (server 'Fastify (@fastify/helmet)'), @fastify/helmet sending the five
// headers fw's `securityHeaders: true` sends on a JSON answer, the others of helmet's set off.
// With BENCH_RATE_LIMIT=1 (server 'Fastify (@fastify/rate-limit)'), @fastify/rate-limit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { announce, HOST, PORT } from './listen.mjs';

const APP = join(import.meta.dirname, '..', '..', 'app');
const app = Fastify({ logger: false });

if (process.env.BENCH_TELEMETRY === '1') {
  // First, as its README asks, so that every hook and route after it is instrumented; with its
  // defaults: a span for the request, one for each hook and one for the handler.
  const { default: FastifyOtelInstrumentation } = await import('@fastify/otel');
  await app.register(new FastifyOtelInstrumentation().plugin());
}

if (process.env.BENCH_SECURITY_HEADERS === '1') {
  const { default: helmet } = await import('@fastify/helmet');
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    // Kept, as fw sends them: nosniff, X-Frame-Options, Referrer-Policy, COOP and CORP.
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

if (process.env.BENCH_WEB === '1') {
  // Before the routes: @fastify/compress adds its hook to the routes declared after it. Its
  // defaults: zlib's default level (6) for gzip, a threshold of 1,024 bytes.
  await app.register(compress);
  await app.register(fastifyStatic, { root: join(APP, 'public'), prefix: '/assets/' });
}

if (process.env.BENCH_RATE_LIMIT === '1') {
  // Server 'Fastify (@fastify/rate-limit)': its default in-memory store, the RateLimit-* fields
  // fw sends (enableDraftSpec), a limit no run reaches (as bench/app/server.ts sets fw's).
  const { default: rateLimit } = await import('@fastify/rate-limit');
  await app.register(rateLimit, { max: 1e9, timeWindow: 3_600_000, enableDraftSpec: true });
}

app.decorateRequest('user', '');
app.addHook('onRequest', async (req) => {
  req.user = req.headers['x-user'] || 'anonymous';
});

// Jobs post and post-checked answer alike: the order's summary, written by fast-json-stringify.
const PLACED_RESPONSE = {
  200: {
    type: 'object',
    properties: {
      userId: { type: 'integer' },
      customer: { type: 'number' },
      items: { type: 'integer' },
      total: { type: 'number' },
    },
  },
};

async function placeOrder(req) {
  let total = 0;
  for (const i of req.body.items) total += i.qty * i.price;
  return {
    userId: req.params.id,
    customer: req.body.customer.id,
    items: req.body.items.length,
    total,
  };
}

const line = {
  type: 'object',
  required: ['sku', 'qty', 'price'],
  additionalProperties: false,
  properties: { sku: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } },
};

app.get(
  '/users/:id/orders/:orderId',
  {
    schema: {
      params: {
        type: 'object',
        properties: { id: { type: 'integer' }, orderId: { type: 'integer' } },
      },
      querystring: {
        type: 'object',
        properties: {
          active: { type: 'string' },
          page: { type: 'integer', default: 1 },
          tag: { type: 'array', items: { type: 'string' }, default: [] },
        },
      },
      response: {
        200: {
          type: 'object',
          properties: {
            userId: { type: 'integer' },
            orderId: { type: 'integer' },
            active: { type: 'boolean' },
            page: { type: 'integer' },
            tags: { type: 'array', items: { type: 'string' } },
            user: { type: 'string' },
          },
        },
      },
    },
  },
  async (req, reply) => {
    const active = (req.query.active ?? '').toLowerCase();
    reply.header('x-bench', '1');
    return {
      userId: req.params.id,
      orderId: req.params.orderId,
      active: active === 'yes' || active === 'true' || active === '1',
      page: req.query.page,
      tags: req.query.tag,
      user: req.user,
    };
  },
);

app.post(
  '/users/:id/orders',
  {
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      body: {
        type: 'object',
        required: ['customer', 'items', 'note'],
        additionalProperties: false,
        properties: {
          customer: {
            type: 'object',
            required: ['id', 'name', 'email'],
            additionalProperties: false,
            properties: {
              id: { type: 'number' },
              name: { type: 'string' },
              email: { type: 'string' },
            },
          },
          items: { type: 'array', items: line },
          note: { type: 'string' },
        },
      },
      response: PLACED_RESPONSE,
    },
  },
  placeOrder,
);

// Job post-checked: job post's schema with a constraint on every field, the same ones as fw's
// CheckedOrder (bench/app/orders.ts). `format: 'email'` is checked by ajv-formats, which Fastify's
// Ajv compiler adds by default.
const checkedLine = {
  type: 'object',
  required: ['sku', 'qty', 'price'],
  additionalProperties: false,
  properties: {
    sku: { type: 'string', pattern: '^SKU-\\d{6}$' },
    qty: { type: 'integer', minimum: 1, maximum: 100 },
    price: { type: 'number', exclusiveMinimum: 0, maximum: 10000 },
  },
};

app.post(
  '/users/:id/checked-orders',
  {
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      body: {
        type: 'object',
        required: ['customer', 'items', 'note'],
        additionalProperties: false,
        properties: {
          customer: {
            type: 'object',
            required: ['id', 'name', 'email'],
            additionalProperties: false,
            properties: {
              id: { type: 'integer', minimum: 1 },
              name: { type: 'string', minLength: 1, maxLength: 100 },
              email: { type: 'string', format: 'email' },
            },
          },
          items: { type: 'array', minItems: 1, maxItems: 50, items: checkedLine },
          note: { type: 'string', maxLength: 2000 },
        },
      },
      response: PLACED_RESPONSE,
    },
  },
  placeOrder,
);

// Job gzip-json: a page of the catalogue (bench/app/catalog.json), serialized per request.
const PAGE = JSON.parse(readFileSync(join(APP, 'catalog.json'), 'utf8'));
app.get(
  '/catalog',
  {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            page: { type: 'integer' },
            size: { type: 'integer' },
            total: { type: 'integer' },
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  sku: { type: 'string' },
                  name: { type: 'string' },
                  category: { type: 'string' },
                  price: { type: 'number' },
                  stock: { type: 'integer' },
                  tags: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
  async () => PAGE,
);

await app.listen({ port: PORT, host: HOST });
await announce(app.server.address().port);
