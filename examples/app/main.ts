/**
 * `npm start`: serves the example app and shows what to try. `FW_EXAMPLE_OTEL=1 npm start` starts
 * OpenTelemetry's SDK first (otel.ts), and the app traces every request, event and WebSocket
 * message into it.
 */
import { exampleApp } from './app.js';
import { OrderLog } from './store.js';
import { transportFromEnv } from './transport.js';

// Before the app is built, so that `telemetry: {}` finds the SDK's providers registered.
const otel = process.env['FW_EXAMPLE_OTEL'] === '1' ? await import('./otel.js') : undefined;
if (otel !== undefined) console.log(`OpenTelemetry: ${otel.destination}`);
const port = Number(process.env['PORT'] ?? 3000);
const app = exampleApp({
  transport: transportFromEnv(process.env),
  ...(otel === undefined ? {} : { telemetry: {} }),
});
app.get(OrderLog).listen((entry) => console.log(`consumer: ${entry}`));
const { port: bound } = await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${bound}`;
console.log(`fw example listening on ${base} (events: ${process.env['FW_TRANSPORT'] ?? 'memory'})
  open ${base}/ in a browser: sign in (ada@example.com), place orders and watch them arrive live
  curl ${base}/users/1 -H 'Authorization: Bearer ada'
  curl ${base}/health/ready
  open ${base}/docs in a browser: the API's OpenAPI and AsyncAPI documents, from fwgen
  curl '${base}/users?page=1&size=10&tag=admin'
  curl ${base}/users -H 'Content-Type: application/json' -d '{"name":"Bob","email":"bob@example.com"}'
  curl ${base}/orders -H 'Content-Type: application/json' -d '{"userId":1,"sku":"book","qty":2}'
WebSocket: connect to ws://127.0.0.1:${bound}/ws/orders and send any message to subscribe; each
order placed is then pushed to you, e.g. with Node: node -e "const ws = new (require('ws'))('ws://127.0.0.1:${bound}/ws/orders'); ws.on('open', () => ws.send('hi')); ws.on('message', (m) => console.log(String(m)))"
Server-Sent Events: curl -N ${base}/orders/live (each order placed, as an \`order\` event)
Press Ctrl+C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log('closing…');
    // The SDK last: it exports the spans and metrics still buffered, the app's last ones included.
    void app
      .close()
      .then(() => otel?.sdk.shutdown())
      .then(() => process.exit(0));
  });
}
