// Express 5: a middleware for the user, express.json() and zod for the body.
import express from 'express';
import { announce, HOST, PORT } from './listen.mjs';
import { isYes, NewOrder, orderSummary, pathInt } from './order-schema.mjs';

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.set('query parser', 'extended');

app.use((req, res, next) => {
  res.locals.user = req.get('x-user') || 'anonymous';
  next();
});

app.get('/users/:id/orders/:orderId', (req, res) => {
  const userId = pathInt(req.params.id);
  const orderId = pathInt(req.params.orderId);
  if (userId === undefined || orderId === undefined) return res.status(400).end();
  const page = Number.parseInt(req.query.page ?? '', 10);
  const tag = req.query.tag;
  res.set('x-bench', '1');
  res.json({
    userId,
    orderId,
    active: isYes(req.query.active),
    page: Number.isNaN(page) ? 1 : page,
    tags: tag === undefined ? [] : [tag].flat(),
    user: res.locals.user,
  });
});

app.post('/users/:id/orders', express.json({ limit: '1mb' }), (req, res) => {
  const userId = pathInt(req.params.id);
  const parsed = NewOrder.safeParse(req.body);
  if (userId === undefined || !parsed.success) return res.status(400).end();
  res.json(orderSummary(userId, parsed.data));
});

const server = app.listen(PORT, HOST, () => announce(server.address().port));
