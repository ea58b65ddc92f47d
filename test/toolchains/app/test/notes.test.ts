import { createApp } from 'fw';
import { expect, test } from 'vitest';
import { bindings } from '../src/bindings.js';

test('the notes API answers through app.inject', async () => {
  const app = createApp({ bindings });
  const read = await app.inject({ url: '/notes/1' });
  expect([read.status, read.json()]).toEqual([200, { id: 1, text: 'hello' }]);
  const created = await app.inject({ method: 'POST', url: '/notes', body: { text: 'buy milk' } });
  expect([created.status, created.json()]).toEqual([201, { id: 2, text: 'buy milk' }]);
  const invalid = await app.inject({ method: 'POST', url: '/notes', body: { text: 7 } });
  expect(invalid.status).toBe(400);
  const failed = await app.inject({ url: '/notes/failing/now' });
  expect(failed.status).toBe(500);
  await app.close();
});
