import { createApp } from 'fw';
import { bindings } from './bindings.js';

const app = createApp({ bindings });
const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
process.stderr.write(`listening on http://127.0.0.1:${port}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
