// The example app's /docs in Debian's headless Chromium: Swagger UI shows every operation of the
// openapi.json that fwgen wrote for it, with no console error, CSP violation or failed request.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleApp } from '../../examples/app/app.js';
import { docsPageOperations, operationsOf } from './support.js';

let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const app = exampleApp();
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
  close = () => app.close();
});
afterAll(() => close());

describe('example app: the docs page in Chromium', () => {
  it('shows every operation of examples/app/openapi.json', async () => {
    const openapi = JSON.parse(
      readFileSync(new URL('../../examples/app/openapi.json', import.meta.url), 'utf8'),
    );
    const expected = operationsOf(openapi);
    expect(expected).toHaveLength(8);

    const { operations, problems } = await docsPageOperations(`${base}/docs`);

    expect(operations).toEqual(expected);
    expect(problems).toEqual([]);
  }, 60_000);
});
