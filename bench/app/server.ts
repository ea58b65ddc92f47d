/**
 * fw's server in `npm run bench`: the benchmark app (`orders.ts` over HTTP, `echo.ts` over
 * WebSocket) from its generated bindings, as an application runs it: fw from its built `dist/`,
 * this TypeScript through tsx. Listens on `PORT` (0: any) and reports the port over IPC.
 */
import { createApp } from 'fw';
import { bindings } from './bindings.js';
import { ShippedCounter, ShippingEvents } from './shipping.js';

const app = createApp({
  bindings,
  providers: [new ShippingEvents(new ShippedCounter())],
});
const { port } = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
if (process.send) process.send({ port });
else console.log(`listening on 127.0.0.1:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
