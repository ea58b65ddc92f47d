// The floor of the start-up benchmark: node:http answering GET /res<n>/<id> (the synthetic apps'
// route) or /users/<id> (the example app's) with a JSON object, nothing else. Reports its port over IPC (or on stdout when run by hand).
import { createServer } from 'node:http';

const ROUTE = /^\/(res\d+|users)\/(\d+)$/;

const server = createServer((req, res) => {
  const m = req.method === 'GET' ? ROUTE.exec(req.url ?? '') : null;
  if (m === null) {
    res.writeHead(404).end();
    return;
  }
  const id = Number(m[2]);
  const body = JSON.stringify({
    id,
    name: `${m[1]}-${id} for anonymous`,
    status: 'active',
    tags: [],
  });
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address();
  if (process.send) process.send({ port });
  else console.log(`listening on 127.0.0.1:${port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
