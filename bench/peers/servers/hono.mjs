// Hono 4 on @hono/node-server: a middleware for the user, zod validation of the body.
import { serve } from '@hono/node-server';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { announce, HOST, PORT } from './listen.mjs';
import { isYes, NewOrder, orderSummary, pathInt } from './order-schema.mjs';

const app = new Hono();

app.use('/users/*', async (c, next) => {
  c.set('user', c.req.header('x-user') || 'anonymous');
  await next();
});

app.get('/users/:id/orders/:orderId', (c) => {
  const userId = pathInt(c.req.param('id'));
  const orderId = pathInt(c.req.param('orderId'));
  if (userId === undefined || orderId === undefined) return c.text('bad path', 400);
  const page = Number.parseInt(c.req.query('page') ?? '', 10);
  c.header('x-bench', '1');
  return c.json({
    userId,
    orderId,
    active: isYes(c.req.query('active')),
    page: Number.isNaN(page) ? 1 : page,
    tags: c.req.queries('tag') ?? [],
    user: c.get('user'),
  });
});

app.post('/users/:id/orders', zValidator('json', NewOrder), (c) => {
  const userId = pathInt(c.req.param('id'));
  if (userId === undefined) return c.text('bad path', 400);
  return c.json(orderSummary(userId, c.req.valid('json')));
});

const server = serve({ fetch: app.fetch, port: PORT, hostname: HOST }, (info) =>
  announce(info.port),
);
process.once('SIGTERM', () => server.close(() => process.exit(0)));
