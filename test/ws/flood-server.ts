// A server for test/ws/flood.test.ts, run as its own process so that the test reads this process's
// memory alone: a gateway at /ws that echoes each text message at once (a synchronous handler),
// counting them, and GET /stats answering the count. The createApp options come as JSON in the
// first argument; the port is the first line written to stdout, as {"port":n}.
import { BINDINGS_VERSION, type Bindings, createApp } from 'fw';

let handled = 0;
class Flood {}
const bindings: Bindings = {
  version: BINDINGS_VERSION,
  controllers: [
    {
      type: Flood,
      name: 'Flood',
      interceptors: [],
      handlers: [
        {
          name: 'echo',
          method: 'WS',
          path: '/ws',
          params: [{ index: 0, name: 'ctx', type: 'fw/core#WebSocketContext', optional: false }],
          interceptors: [],
          invoke: (_c, [ctx]) => {
            handled++;
            return Buffer.from((ctx as { payload(): Uint8Array }).payload()).toString('utf8');
          },
        },
        {
          name: 'stats',
          method: 'GET',
          path: '/stats',
          params: [],
          interceptors: [],
          invoke: () => ({ handled }),
        },
      ],
    },
  ],
};

const options = JSON.parse(process.argv[2] ?? '{}') as Record<string, number>;
const quiet = { error: () => {}, warn: () => {}, info: () => {} };
const app = createApp({ ...options, bindings, logger: quiet });
const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
