/**
 * A second service beside the example app: it places an order of its own by publishing a typed
 * `order.placed` to the app's consumer, through the publisher fwgen wrote from the app
 * (`examples/app/events-client.ts`, `npm run bindings`). The publisher writes the event as the
 * app's own `publishEvents` does and checks it with the app's own validator first, so a payload
 * the consumer would refuse never reaches the broker.
 *
 * `FW_TRANSPORT=memory` (the default): an in-memory transport reaches only its own process, so
 * the app runs here too, sharing that one transport with the publisher. `rabbitmq` or `nats`: the
 * app runs on its own (`FW_TRANSPORT=rabbitmq npm start`) and this process only publishes, on a
 * transport built from the same environment (examples/app/transport.ts).
 *
 * Run: `npm run start:publisher` (`FW_TRANSPORT=rabbitmq npm run start:publisher` beside
 * `FW_TRANSPORT=rabbitmq npm start`).
 */
import type { App, Transport } from 'fw';
import { exampleApp } from '../app/app.js';
import { createPublisher, type OrderPlaced } from '../app/events-client.js';
import { OrderLog } from '../app/store.js';
import { transportFromEnv } from '../app/transport.js';

const broker = process.env['FW_TRANSPORT'] ?? 'memory';
const transport: Transport = transportFromEnv(process.env);
// On the in-memory transport the app is here; on a broker it runs elsewhere.
const app: App | undefined = broker === 'memory' ? exampleApp({ transport }) : undefined;
const log = app?.get(OrderLog);
log?.listen((entry) => console.log(`consumer: ${entry}`));
await app?.start();

const publisher = createPublisher({ transport });

// Typed: a wrong name or a missing property does not compile. A value from outside (a file, a
// queue, a request) is checked when it is published: this one never reaches the transport.
const fromOutside = JSON.parse('{"name":"order.placed","orderId":"7","sku":"A-1"}') as OrderPlaced;
await publisher.publish('order.placed', fromOutside).catch((err: Error) => {
  console.log(`refused: ${err.message}`);
});

await publisher.publish('order.placed', {
  name: 'order.placed',
  orderId: 1001,
  sku: 'A-1',
  qty: 2,
  occurredAt: new Date(),
});
console.log(`published order.placed 1001 (events: ${broker})`);

if (app === undefined) {
  await publisher.close();
} else {
  // The app owns the shared transport: closing it lets the consumer finish, then closes that.
  await log?.waitFor(1);
  await app.close();
}
