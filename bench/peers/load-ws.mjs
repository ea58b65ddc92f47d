// The WebSocket load generator, in its own process: `connections` clients, each sending a 64-byte
// binary message and waiting for its echo before the next (closed loop), for `duration` seconds.
//   node load-ws.mjs '{"url":"ws://127.0.0.1:3000/echo","connections":50,"duration":8}'
import WebSocket from 'ws';

const spec = JSON.parse(process.argv[2] ?? '{}');
const connections = spec.connections ?? 50;
const message = Buffer.alloc(64, 'fw');
const latencies = [];
let errors = 0;
let running = true;

async function client() {
  const ws = new WebSocket(spec.url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let sentAt = 0;
  let count = 0;
  await new Promise((resolve) => {
    const send = () => {
      if (!running) return ws.close();
      sentAt = performance.now();
      ws.send(message);
    };
    ws.on('message', (data) => {
      if (data.length !== message.length) errors++;
      latencies.push(performance.now() - sentAt);
      count++;
      send();
    });
    ws.on('close', resolve);
    ws.on('error', () => {
      errors++;
      resolve();
    });
    send();
  });
  return count;
}

const started = performance.now();
const clients = Array.from({ length: connections }, client);
setTimeout(
  () => {
    running = false;
  },
  (spec.duration ?? 8) * 1000,
);
const counts = await Promise.all(clients);
const seconds = (performance.now() - started) / 1000;
const total = counts.reduce((a, b) => a + b, 0);
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
console.log(
  JSON.stringify({ requests: total, rps: total / seconds, p99, errors, durationS: seconds }),
);
