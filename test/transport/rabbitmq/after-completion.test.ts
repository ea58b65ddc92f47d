// Spine's AfterCompletion returns nothing and never fails an execution: on RabbitMQ, a consumer
// whose afterCompletion throws or rejects has its message acknowledged once (not redelivered to
// run the handler again), and the failure is logged.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EVENT, failingCompletionApp } from '../support.js';
import {
  deleteAll,
  type Names,
  publishRange,
  readyCount,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

let names: Names;

beforeEach(() => {
  names = uniqueNames();
});

afterEach(async () => {
  await deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]);
});

it('acks a message whose afterCompletion fails, once; the handler ran once', async () => {
  const transport = testTransport(names, { maxDeliveries: 3 });
  const { app, handled, once, failures } = failingCompletionApp(transport);
  try {
    await app.start();
    await publishRange(transport, EVENT, 6);
    await waitFor('every afterCompletion', () => failures().length === 6);
  } finally {
    await app.close(); // what was not acked goes back to the queue
  }
  expect([...handled].sort((a, b) => a[0] - b[0])).toEqual(once(6));
  expect([await readyCount(names.group), await readyCount(names.deadQueue)]).toEqual([0, 0]);
  expect(transport.logger.records.filter((r) => r.msg === 'event failed')).toEqual([]);
  expect(failures().map((r) => r.fields['interceptor'])).toEqual(
    Array(6).fill('FailingCompletion'),
  );
});
