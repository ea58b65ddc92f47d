// Spine's AfterCompletion returns nothing and never fails an execution: on NATS JetStream, a
// consumer whose afterCompletion throws or rejects has its message acknowledged once (not
// redelivered to run the handler again), and the failure is logged.
import { afterEach, expect, it } from 'vitest';
import { EVENT, failingCompletionApp } from '../support.js';
import { backlog, publishRange, Resources, testTransport, waitFor } from './support.js';

const res = new Resources();
afterEach(() => res.release());

it('acks a message whose afterCompletion fails, once; the handler ran once', async () => {
  const names = res.names();
  const transport = testTransport(names, { maxDeliver: 3 });
  const { app, handled, once, failures } = failingCompletionApp(transport);
  try {
    await app.start();
    await publishRange(transport, EVENT, 6);
    await waitFor('every afterCompletion', () => failures().length === 6);
  } finally {
    await app.close(); // waits for the acks of what is in flight
  }
  expect([...handled].sort((a, b) => a[0] - b[0])).toEqual(once(6));
  expect(await backlog(names)).toEqual({ ackPending: 0, pending: 0 });
  expect(transport.logger.records.filter((r) => r.msg === 'event failed')).toEqual([]);
  expect(failures().map((r) => r.fields['interceptor'])).toEqual(
    Array(6).fill('FailingCompletion'),
  );
});
