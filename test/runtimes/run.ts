/**
 * `npm run test:runtimes`: the end-to-end tests over real sockets and real brokers (HTTP, WebSocket,
 * RabbitMQ and NATS), run by Vitest under each pinned Node besides the one `npm test` runs on. The
 * suite `vitest run` covers in full on the running Node; here a selection that reaches every part
 * of the Node platform fw uses: its HTTP server and streams, the upgrade path, timers and the
 * brokers' clients.
 */
import { join } from 'node:path';
import { execa } from 'execa';
import { pinnedNodes } from './nodes.js';

const FILES = [
  'test/examples/app.test.ts',
  'test/examples/brokers.test.ts',
  'test/http/pipeline-http.test.ts',
  'test/http/streaming.test.ts',
  'test/http/sse.test.ts',
  'test/http/static.test.ts',
  'test/http/compression.test.ts',
  'test/http/multipart.test.ts',
  'test/http/graceful-close.test.ts',
  'test/ws/handshake.test.ts',
  'test/ws/messages.test.ts',
  'test/ws/lifecycle.test.ts',
  'test/ws/backpressure.test.ts',
  'test/transport/rabbitmq/delivery.test.ts',
  'test/transport/rabbitmq/redelivery.test.ts',
  'test/transport/nats/delivery.test.ts',
  'test/transport/nats/redelivery.test.ts',
];

const REPO = join(import.meta.dirname, '../..');
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs');

let failed = false;
for (const node of await pinnedNodes()) {
  console.log(`\nNode ${node.version}: vitest run ${FILES.length} files`);
  const run = await execa(node.path, [VITEST, 'run', ...FILES], {
    cwd: REPO,
    stdio: 'inherit',
    reject: false,
  });
  if (run.exitCode !== 0) {
    console.error(`Node ${node.version}: vitest exited ${String(run.exitCode)}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
