import { type App, createApp, override } from 'fw';
import { afterEach, expect, test } from 'vitest';
import { bindings } from '../src/bindings.js';
import { config } from '../src/config.js';
import { Activity } from '../src/store.js';

// Each test gets its own app, served in process: `app.inject` runs a request through the same
// pipeline as a socket would, with no port.
const app = () => createApp({ bindings, overrides: [override(config, { firstNote: 'first' })] });
let current: App | undefined;
afterEach(() => current?.close());

test('GET /notes/:id answers a note, and 404 for one that does not exist', async () => {
  current = app();
  const found = await current.inject({ url: '/notes/1' });
  expect([found.status, found.json()]).toEqual([200, { id: 1, text: 'first' }]);
  const missing = await current.inject({ url: '/notes/9' });
  expect(missing.status).toBe(404);
});

test('POST /notes validates its body against CreateNote', async () => {
  current = app();
  const invalid = await current.inject({ method: 'POST', url: '/notes', body: { text: 7 } });
  expect(invalid.status).toBe(400);
});

test('POST /notes creates a note, and its event reaches the consumer', async () => {
  current = app();
  const created = await current.inject({ method: 'POST', url: '/notes', body: { text: 'milk' } });
  expect([created.status, created.json()]).toEqual([201, { id: 2, text: 'milk' }]);
  expect(created.headers['location']).toBe('/notes/2');
  // idle() waits for every delivery started so far: the consumer has run once it resolves.
  await current.idle();
  expect(current.get(Activity).entries).toEqual(['note 2 created: milk']);
});
