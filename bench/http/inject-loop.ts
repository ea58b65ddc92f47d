/**
 * fw's own CPU per request, without sockets: job get through `app.inject()` in a loop, seven
 * batches of 100,000 after a warm-up. Not part of `npm run bench`; a quick check while optimising.
 *   npm run build && node --import tsx bench/http/inject-loop.ts
 */
import { createApp } from 'fw';
import { bindings } from '../app/bindings.js';
import { ShippedCounter, ShippingEvents } from '../app/shipping.js';

const app = createApp({ bindings, providers: [new ShippingEvents(new ShippedCounter())] });
const request = {
  method: 'GET',
  url: process.env['URL'] ?? '/users/42/orders/7?active=yes&page=2&tag=a&tag=b',
  headers: { 'x-user': 'ada', host: '127.0.0.1:4000', 'user-agent': 'wrk' },
};
const N = 100_000;
for (let i = 0; i < 50_000; i++) await app.inject(request);
const batches: number[] = [];
for (let b = 0; b < 7; b++) {
  const start = process.cpuUsage();
  for (let i = 0; i < N; i++) await app.inject(request);
  const used = process.cpuUsage(start);
  batches.push((used.user + used.system) / N);
}
batches.sort((a, b) => a - b);
console.log(
  `min ${batches[0]?.toFixed(2)} µs, median ${batches[3]?.toFixed(2)} µs CPU per request`,
);
process.exit(0);
