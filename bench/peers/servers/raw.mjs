// The floor: node:http with a hand-written matcher and validator, nothing else.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzip } from 'node:zlib';
import { announce, HOST, PORT } from './listen.mjs';
import { checkOrder } from './validate-order.mjs';

const INT = /^\d{1,15}$/;

function job1(req, res, id, orderId, query) {
  const q = new URLSearchParams(query);
  const active = (q.get('active') ?? '').toLowerCase();
  const page = Number.parseInt(q.get('page') ?? '', 10);
  const user = req.headers['x-user'] || 'anonymous';
  const body = JSON.stringify({
    userId: id,
    orderId,
    active: active === 'yes' || active === 'true' || active === '1',
    page: Number.isNaN(page) ? 1 : page,
    tags: q.getAll('tag'),
    user,
  });
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-bench': '1',
  });
  res.end(body);
}

function job2(req, res, id) {
  const chunks = [];
  let size = 0;
  req.on('data', (c) => {
    size += c.length;
    if (size > 1 << 20) req.destroy();
    else chunks.push(c);
  });
  req.on('end', () => {
    let order;
    try {
      order = checkOrder(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      order = undefined;
    }
    if (order === undefined) {
      res.writeHead(400).end();
      return;
    }
    let total = 0;
    for (const line of order.items) total += line.qty * line.price;
    const body = JSON.stringify({
      userId: id,
      customer: order.customer.id,
      items: order.items.length,
      total,
    });
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
}

// Jobs static and gzip-json (with BENCH_WEB=1): the file streamed as is, with its length and
// type and none of the validators or ranges a static module adds; the page serialized per
// request and gzipped at zlib's default level.
const APP = join(import.meta.dirname, '..', '..', 'app');
const STATIC = join(APP, 'public', 'app.js');
const PAGE = JSON.parse(readFileSync(join(APP, 'catalog.json'), 'utf8'));
const WEB = process.env.BENCH_WEB === '1';

function sendStatic(res) {
  const { size } = statSync(STATIC);
  res.writeHead(200, {
    'content-type': 'application/javascript; charset=utf-8',
    'content-length': size,
  });
  createReadStream(STATIC).pipe(res);
}

function sendCatalog(req, res) {
  const body = JSON.stringify(PAGE);
  if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      vary: 'accept-encoding',
    });
    res.end(body);
    return;
  }
  gzip(body, (err, zipped) => {
    if (err) {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'gzip',
      'content-length': zipped.length,
      vary: 'accept-encoding',
    });
    res.end(zipped);
  });
}

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'GET' && url === '/catalog') return sendCatalog(req, res);
  if (WEB && req.method === 'GET' && url === '/assets/app.js') return sendStatic(res);
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const parts = path.split('/');
  // /users/:id/orders/:orderId and /users/:id/orders
  if (parts[1] === 'users' && parts[3] === 'orders' && INT.test(parts[2] ?? '')) {
    const id = Number(parts[2]);
    if (parts.length === 5 && req.method === 'GET' && INT.test(parts[4])) {
      return job1(req, res, id, Number(parts[4]), q === -1 ? '' : url.slice(q + 1));
    }
    if (parts.length === 4 && req.method === 'POST') return job2(req, res, id);
  }
  res.writeHead(404).end();
});
// bench:instructions sets a long keep-alive: under valgrind on a loaded host a server can stall
// past Node's 5 s, close the idle connection, and the next request meet a reset.
if (process.env.BENCH_KEEPALIVE_MS)
  server.keepAliveTimeout = Number(process.env.BENCH_KEEPALIVE_MS);
server.listen(PORT, HOST, () => announce(server.address().port));
