/**
 * The sources of the client benchmark: which operations the consumers call, the consumer of fw's
 * generated client, and the same API as a Hono app with its `hc<typeof app>` consumer. The fw
 * project itself is the fwgen benchmark's (`bench/fwgen/synth.ts`); the Hono app serves its
 * routes (same paths, methods, path keys, queries and bodies) with the same body and result types.
 */
import { dtoTypes, type HandlerPlan, plan, SHARED_DTO } from '../fwgen/synth.js';

/** One call a consumer makes: a handler of controller `n`. */
export interface Operation {
  readonly n: number;
  readonly handler: HandlerPlan;
}

/**
 * `count` operations spread over the controllers and over the kinds of call: GET with a path
 * key, GET with a query, POST with a body, PUT with a path key and a body, and GET of a
 * sub-resource with a path key and a query. Operation `i` calls controller `i % controllers`.
 */
export function operations(count: number, controllers: number, handlers: number): Operation[] {
  const all = plan(handlers);
  const crud = all.filter((h) => h.kind !== 'remove' && h.kind !== 'sub');
  const subs = all.filter((h) => h.kind === 'sub');
  const kinds = subs.length > 0 ? crud.length + 1 : crud.length;
  return Array.from({ length: count }, (_, i) => {
    const k = i % kinds;
    const round = Math.floor(i / kinds);
    const handler = k < crud.length ? crud[k]! : subs[round % subs.length]!;
    return { n: i % controllers, handler };
  });
}

/** The argument of a call through fw's client, and what the consumer reads from `data`. */
function fwCall(op: Operation): { call: string; read: string } {
  const g = `api.res${op.n}`;
  const h = op.handler;
  switch (h.kind) {
    case 'get':
      return { call: `${g}.get({ path: { id: 7 } })`, read: 'data.name.length' };
    case 'list':
      return { call: `${g}.list({ query: { page: 2, size: 10 } })`, read: 'data.length' };
    case 'create':
      return { call: `${g}.create({ body: ${createBody} })`, read: 'data.id' };
    case 'update':
      return { call: `${g}.update({ path: { id: 7 }, body: ${updateBody} })`, read: 'data.id' };
    case 'remove':
      return { call: `${g}.remove({ path: { id: 7 } })`, read: 'data.deleted' };
    case 'sub':
      return {
        call: `${g}.sub${h.k}({ path: { id: 7 }, query: { filter: 'x' } })`,
        read: 'data.sub',
      };
  }
}

const createBody =
  "{ name: 'a', qty: 1, status: 'active', tags: ['t'], address: { street: 's', city: 'c', lines: [] }, dims: { width: 1 } }";
const updateBody =
  "{ name: 'a', status: 'active', items: [{ sku: 'A-1', qty: 2 }], enabled: true }";

/** The same call through Hono's `hc` client: path keys and query values are strings there. */
function honoCall(op: Operation): { call: string; read: string } {
  const g = `client.res${op.n}`;
  const h = op.handler;
  switch (h.kind) {
    case 'get':
      return { call: `${g}[':id'].$get({ param: { id: '7' } })`, read: 'data.name.length' };
    case 'list':
      return { call: `${g}.$get({ query: { page: '2', size: '10' } })`, read: 'data.length' };
    case 'create':
      return { call: `${g}.$post({ json: ${createBody} })`, read: 'data.id' };
    case 'update':
      return {
        call: `${g}[':id'].$put({ param: { id: '7' }, json: ${updateBody} })`,
        read: 'data.id',
      };
    case 'remove':
      return { call: `${g}[':id'].$delete({ param: { id: '7' } })`, read: 'data.deleted' };
    case 'sub':
      return {
        call: `${g}[':id'].sub${h.k}.$get({ param: { id: '7' }, query: { filter: 'x' } })`,
        read: 'data.sub',
      };
  }
}

/** The consumer of fw's client (`./api.js`): each call, `ok` narrowed, then `data` read. */
export function fwConsumer(ops: readonly Operation[]): string {
  const body = ops.map((op, i) => {
    const { call, read } = fwCall(op);
    return `  const r${i} = await ${call};\n  if (r${i}.ok) seen += Number(r${i}.${read});`;
  });
  return `import { createClient } from './api.js';

const api = createClient({ baseUrl: 'http://127.0.0.1:3000' });

export async function run(): Promise<number> {
  let seen = 0;
${body.join('\n')}
  return seen;
}
`;
}

/** The consumer of the Hono app through `hc<AppType>`: the same calls, reading `json()`. */
export function honoConsumer(ops: readonly Operation[]): string {
  const body = ops.map((op, i) => {
    const { call, read } = honoCall(op);
    return `  const r${i} = await ${call};
  if (r${i}.ok) {
    const data = await r${i}.json();
    seen += Number(${read});
  }`;
  });
  return `import { hc } from 'hono/client';
import type { AppType } from './app.js';

const client = hc<AppType>('http://127.0.0.1:3000');

export async function run(): Promise<number> {
  let seen = 0;
${body.join('\n')}
  return seen;
}
`;
}

/**
 * One handler of the Hono sub-app of controller `n`, written as Hono's RPC docs write routes:
 * chained, typed inputs through `hono/validator` (a cast, no schema library: fw's client has no
 * runtime schema either), and `c.json(value, status)` for the typed output.
 */
function honoRoute(n: number, h: HandlerPlan): string {
  switch (h.kind) {
    case 'get':
      return `  .get('/:id', (c) => {
    const row: Res${n} = { id: Number(c.req.param('id')), name: 'anonymous', status: 'active', tags: [] };
    return c.json(row, 200);
  })`;
    case 'list':
      return `  .get('/', validator('query', (q) => q as ListQuery), (c) => {
    const { page, size, name } = c.req.valid('query');
    const rows: Res${n}[] = [{ id: Number(page ?? 1) * Number(size ?? 20), name: name ?? '', status: 'draft', tags: [] }];
    return c.json(rows, 200);
  })`;
    case 'create':
      return `  .post('/', validator('json', (b) => b as CreateRes${n}), (c) => {
    const body = c.req.valid('json');
    return c.json({ id: 1, name: body.name }, 201, { Location: '/res${n}/1' });
  })`;
    case 'update':
      return `  .put('/:id', validator('json', (b) => b as UpdateRes${n}), (c) => {
    const body = c.req.valid('json');
    const row: Res${n} = { id: Number(c.req.param('id')), name: body.name, status: body.status, tags: body.items.map((i) => i.sku) };
    return c.json(row, 200);
  })`;
    case 'remove':
      return `  .delete('/:id', (c) => c.json({ deleted: Number(c.req.param('id')) }, 200))`;
    case 'sub':
      return `  .get('/:id/sub${h.k}', validator('query', (q) => q as FilterQuery), (c) =>
    c.json({ id: Number(c.req.param('id')), sub: ${h.k}, filter: c.req.valid('query').filter ?? '' }, 200),
  )`;
  }
}

/** The Hono sub-app of controller `n` (`routes/res<n>.ts`): one chain, as the RPC docs ask. */
export function honoRoutes(n: number, handlers: number): string {
  const chain = plan(handlers).map((h) => honoRoute(n, h));
  return `import { Hono } from 'hono';
import { validator } from 'hono/validator';
import type { Address, FilterQuery, ListQuery, Status } from '../dto.js';

${dtoTypes(n)}
export const res${n} = new Hono()
${chain.join('\n')};
`;
}

/** The Hono project's shared types: fw's `dto.ts` and the query objects. */
export const HONO_DTO = `${SHARED_DTO}
/** The query of a list: fw's \`Pagination\` and \`Values\`, as strings. */
export interface ListQuery {
  page?: string;
  size?: string;
  name?: string;
}

/** The query of a sub-resource. */
export interface FilterQuery {
  filter?: string;
}
`;

/**
 * The app (`app.ts`): every sub-app mounted with `.route()` in one chain, whose type is what
 * the client is given (Hono's docs for larger applications).
 */
export function honoApp(controllers: number): string {
  const ids = Array.from({ length: controllers }, (_, n) => n);
  return `import { Hono } from 'hono';
${ids.map((n) => `import { res${n} } from './routes/res${n}.js';`).join('\n')}

const app = new Hono()
${ids.map((n) => `  .route('/res${n}', res${n})`).join('\n')};

export default app;
export type AppType = typeof app;
`;
}

/** The compiler options of both consumers: strict, the DOM's `fetch` and `Response`. */
export const CONSUMER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: [],
    strict: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
  },
  files: ['consumer.ts'],
};
