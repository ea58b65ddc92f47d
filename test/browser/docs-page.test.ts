// The API docs page of createApp({ docs }) (runtime/docs/) opened in a real headless Chromium:
// Swagger UI renders every operation of the document, under the page's strict CSP, with no console
// error, no policy violation and no failed request. Debian's chromium, never a downloaded browser:
// `.ci/services` installs it, and without it these tests fail saying so (see support.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { serve, type TestRoute } from '../http/support.js';
import {
  docsPageOperations,
  launchChromium,
  openDocs,
  operationsOf,
  operationsOn,
} from './support.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(() => browser?.close());

const ok = { '200': { description: 'OK' } };

/**
 * A small OpenAPI 3.1 document: six operations on two paths, one tag each, one deprecated and
 * without a summary, a schema.
 */
const PETS = {
  openapi: '3.1.0',
  info: { title: 'Pet store', version: '1.0.0' },
  paths: {
    '/pets': {
      get: { operationId: 'listPets', summary: 'List the pets', tags: ['pets'], responses: ok },
      post: {
        operationId: 'createPet',
        summary: 'Add a pet',
        tags: ['pets'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'getPet', summary: 'Read one pet', tags: ['pets'], responses: ok },
      put: { operationId: 'replacePet', summary: 'Replace a pet', tags: ['admin'], responses: ok },
      patch: { operationId: 'renamePet', deprecated: true, tags: ['admin'], responses: ok },
      delete: {
        operationId: 'deletePet',
        summary: 'Remove a pet',
        tags: ['admin'],
        responses: { '204': { description: 'Removed' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
};

const ROUTES: readonly TestRoute[] = [
  { method: 'GET', path: '/pets/:id', params: ['id:number'], handle: (id: number) => ({ id }) },
];

/** Opens the page at `url`, closed when the test finishes. */
async function open(url: string) {
  const docs = await openDocs(browser, url);
  onTestFinished(() => docs.close());
  return docs;
}

describe('the docs page in Chromium', () => {
  it('renders every operation of the document, with no error and no CSP violation', async () => {
    const served = await serve(ROUTES, { docs: { path: '/docs', openapi: PETS } });
    const { page, problems } = await open(served.url('/docs'));

    expect(operationsOf(PETS)).toHaveLength(6);
    expect(await page.title()).toBe('Pet store');
    expect(await operationsOn(page)).toEqual(operationsOf(PETS));
    expect(await page.locator('.info .title').innerText()).toMatch(/^Pet store/);
    expect(problems).toEqual([]);
  });

  it('is read the same by the helper other suites use, from a document in a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-docs-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(PETS));
    const served = await serve(ROUTES, { docs: { path: '/docs', openapi: pathToFileURL(file) } });

    const { operations, problems } = await docsPageOperations(served.url('/docs'));

    expect(operations).toEqual(operationsOf(PETS));
    expect(problems).toEqual([]);
  }, 30_000);

  it('tries an operation out against the app (connect-src self), under a nested path', async () => {
    const served = await serve(ROUTES, {
      docs: { path: '/internal/api-docs', openapi: PETS, asyncapi: ASYNC },
    });
    const { page, problems } = await open(served.url('/internal/api-docs'));

    const op = page.locator('#operations-pets-getPet');
    await op.locator('.opblock-summary').click();
    await op.locator('.try-out__btn').click();
    await op.locator('input[placeholder="id"]').fill('7');
    await op.locator('.execute').click();
    const live = op.locator('.live-responses-table .response .response-col_status');
    await expect.poll(() => live.first().innerText()).toBe('200');
    expect(await op.locator('.live-responses-table .microlight').first().innerText()).toContain(
      '"id": 7',
    );
    expect(await page.locator('.fw-docs-links a').allInnerTexts()).toEqual([
      'openapi.json',
      'asyncapi.json',
    ]);
    expect(problems).toEqual([]);
  });
});

const ASYNC = { asyncapi: '3.0.0', info: { title: 'Pet events', version: '1.0.0' } };
