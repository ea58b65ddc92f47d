/**
 * The start-up benchmark's Fastify 5 and Hono 4 apps: the routes of the synthetic fw project
 * (`bench/fwgen/synth.ts`: per controller `n`, `GET /res<n>/:id`, `GET /res<n>/`, `POST`, `PUT`,
 * `DELETE`, then `GET /res<n>/:id/sub<k>`), one ES module per resource as their users split an
 * app, each resource's handlers answering from its own service object (wired by hand: neither
 * has a container). Fastify as its users write it: a plugin per resource registered with a
 * prefix, JSON schemas for params, query, body and the answers (Ajv and fast-json-stringify
 * compile them before `listen` resolves). Hono as its users write it: a `Hono` per resource
 * mounted with `app.route`, plain routes, on `@hono/node-server`. Plain JavaScript, as tsc would
 * emit it: nothing to compile.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { plan, type SynthSize } from '../fwgen/synth.js';

const SERVICE = (n: number) => `class Res${n}Service {
  #rows = new Map();
  #next = 1;
  find(id, user) {
    return this.#rows.get(id) ?? { id, name: \`t${n}-\${id} for \${user}\`, status: 'active', tags: [] };
  }
  list(page, size, name) {
    return [...this.#rows.values()].slice((page - 1) * size, page * size).filter((r) => !name || r.name.includes(name));
  }
  create(body) {
    const row = { id: this.#next++, name: body.name, status: body.status, tags: body.tags };
    this.#rows.set(row.id, row);
    return row;
  }
  update(id, body) {
    const row = { id, name: body.name, status: body.status, tags: body.items.map((i) => i.sku) };
    this.#rows.set(id, row);
    return row;
  }
  remove(id) {
    return this.#rows.delete(id);
  }
}
const service = new Res${n}Service();
`;

/** The JSON schemas of the Fastify app, shared by every resource (`schemas.mjs`). */
const FASTIFY_SCHEMAS = `const status = { type: 'string', enum: ['draft', 'active', 'archived'] };
const address = {
  type: 'object',
  required: ['street', 'city', 'lines'],
  properties: {
    street: { type: 'string' },
    city: { type: 'string' },
    zip: { type: 'string' },
    lines: { type: 'array', items: { type: 'string' } },
  },
};
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' } },
};
export const listQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    name: { type: 'string', default: '' },
  },
};
export const subQuery = { type: 'object', properties: { filter: { type: 'string', default: '' } } };
export const createBody = {
  type: 'object',
  required: ['name', 'qty', 'status', 'tags', 'address', 'dims'],
  properties: {
    name: { type: 'string' },
    qty: { type: 'number' },
    status,
    tags: { type: 'array', items: { type: 'string' } },
    address,
    note: { type: 'string' },
    dims: {
      type: 'object',
      required: ['width'],
      properties: { width: { type: 'number' }, height: { type: 'number' } },
    },
  },
};
export const updateBody = {
  type: 'object',
  required: ['name', 'status', 'items', 'enabled'],
  properties: {
    name: { type: 'string' },
    status,
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sku', 'qty'],
        properties: { sku: { type: 'string' }, qty: { type: 'number' } },
      },
    },
    address,
    note: { type: 'string' },
    enabled: { type: 'boolean' },
  },
};
export const res = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    status,
    tags: { type: 'array', items: { type: 'string' } },
  },
};
export const sub = {
  type: 'object',
  properties: { id: { type: 'integer' }, sub: { type: 'integer' }, filter: { type: 'string' } },
};
`;

function fastifyResource(n: number, size: SynthSize): string {
  const routes = plan(size.handlers).map((h) => {
    switch (h.kind) {
      case 'get':
        return `  app.get('/:id', { schema: { params: idParams, response: { 200: res } } }, (req) =>
    service.find(req.params.id, req.headers['x-user'] ?? 'anonymous'),
  );`;
      case 'list':
        return `  app.get('/', { schema: { querystring: listQuery, response: { 200: { type: 'array', items: res } } } }, (req) =>
    service.list(req.query.page, req.query.size, req.query.name),
  );`;
      case 'create':
        return `  app.post('/', { schema: { body: createBody } }, (req, reply) => {
    const row = service.create(req.body);
    reply.code(201).header('location', '/res${n}/1');
    return { id: row.id, name: row.name };
  });`;
      case 'update':
        return `  app.put('/:id', { schema: { params: idParams, body: updateBody, response: { 200: res } } }, (req) =>
    service.update(req.params.id, req.body),
  );`;
      case 'remove':
        return `  app.delete('/:id', { schema: { params: idParams } }, (req) => ({
    deleted: service.remove(req.params.id) ? req.params.id : 0,
  }));`;
      default: // 'sub'
        return `  app.get('/:id/sub${h.k}', { schema: { params: idParams, querystring: subQuery, response: { 200: sub } } }, (req) => ({
    id: req.params.id,
    sub: ${h.k},
    filter: req.query.filter,
  }));`;
    }
  });
  return `import { createBody, idParams, listQuery, res, sub, subQuery, updateBody } from './schemas.mjs';

${SERVICE(n)}
export default async function res${n}(app) {
${routes.join('\n')}
}
`;
}

function honoResource(n: number, size: SynthSize): string {
  const routes = plan(size.handlers).map((h) => {
    switch (h.kind) {
      case 'get':
        return `app.get('/:id', (c) =>
  c.json(service.find(Number(c.req.param('id')), c.req.header('x-user') ?? 'anonymous')),
);`;
      case 'list':
        return `app.get('/', (c) =>
  c.json(service.list(Number(c.req.query('page') ?? 1), Number(c.req.query('size') ?? 20), c.req.query('name') ?? '')),
);`;
      case 'create':
        return `app.post('/', async (c) => {
  const row = service.create(await c.req.json());
  c.header('location', '/res${n}/1');
  return c.json({ id: row.id, name: row.name }, 201);
});`;
      case 'update':
        return `app.put('/:id', async (c) => c.json(service.update(Number(c.req.param('id')), await c.req.json())));`;
      case 'remove':
        return `app.delete('/:id', (c) => {
  const id = Number(c.req.param('id'));
  return c.json({ deleted: service.remove(id) ? id : 0 });
});`;
      default: // 'sub'
        return `app.get('/:id/sub${h.k}', (c) =>
  c.json({ id: Number(c.req.param('id')), sub: ${h.k}, filter: c.req.query('filter') ?? '' }),
);`;
    }
  });
  return `import { Hono } from 'hono';

${SERVICE(n)}
const app = new Hono();
${routes.join('\n')}

export default app;
`;
}

const REPORT = `if (process.send) process.send({ port });
else console.log(\`listening on 127.0.0.1:\${port}\`);`;

function fastifyMain(size: SynthSize): string {
  const n = Array.from({ length: size.controllers }, (_, i) => i);
  return `import Fastify from 'fastify';
${n.map((i) => `import res${i} from './res${i}.mjs';`).join('\n')}

const app = Fastify({ logger: false });
${n.map((i) => `app.register(res${i}, { prefix: '/res${i}' });`).join('\n')}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const { port } = app.server.address();
${REPORT}
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
`;
}

function honoMain(size: SynthSize): string {
  const n = Array.from({ length: size.controllers }, (_, i) => i);
  return `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
${n.map((i) => `import res${i} from './res${i}.mjs';`).join('\n')}

const app = new Hono();
${n.map((i) => `app.route('/res${i}', res${i});`).join('\n')}
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, ({ port }) => {
  ${REPORT}
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
`;
}

/**
 * Writes the `which` app into `project` (emptied first), with `node_modules` linked to `peers`
 * (bench/peers/node_modules). Its entry is `main.mjs`.
 */
export function writePeerProject(
  which: 'fastify' | 'hono',
  project: string,
  size: SynthSize,
  peers: string,
): void {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  const write = (name: string, text: string) => writeFileSync(join(project, name), text);
  if (which === 'fastify') write('schemas.mjs', FASTIFY_SCHEMAS);
  for (let n = 0; n < size.controllers; n++) {
    write(`res${n}.mjs`, which === 'fastify' ? fastifyResource(n, size) : honoResource(n, size));
  }
  write('main.mjs', which === 'fastify' ? fastifyMain(size) : honoMain(size));
  symlinkSync(peers, join(project, 'node_modules'), 'dir');
}
