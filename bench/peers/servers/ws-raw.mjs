// The floor of job ws: a bare `ws` server on node:http that echoes every message.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { announce, HOST, PORT } from './listen.mjs';

const server = createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server, path: '/echo', maxPayload: 1 << 20 });
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
});
server.listen(PORT, HOST, () => announce(server.address().port));
