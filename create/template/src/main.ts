import { createApp } from 'fw';
import { bindings } from './bindings.js';

const port = Number(process.env['PORT'] ?? 3000);
const host = process.env['HOST'] ?? '127.0.0.1';

const app = createApp({ bindings });
const { port: bound } = await app.listen({ port, host });
console.log(`listening on http://${host}:${bound}`);
console.log(`  curl http://${host}:${bound}/notes`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
