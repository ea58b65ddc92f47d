// The example app's API documents, as `npm run bindings` writes them beside its bindings (and
// `npm run bindings:check` keeps them current): valid for their ecosystems' own validators, every
// route of the app described, and served by the app at /docs.
import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleApp } from '../../examples/app/app.js';
import { bindings } from '../../examples/app/bindings.js';

const read = (file: string): string =>
  readFileSync(new URL(`../../examples/app/${file}`, import.meta.url), 'utf8');

interface OpenApi {
  readonly paths: Record<string, Record<string, { operationId: string }>>;
}
const openapi = JSON.parse(read('openapi.json')) as OpenApi;

describe('example app: openapi.json and asyncapi.json', () => {
  it('openapi.json has no error and no warning for @readme/openapi-parser', async () => {
    const result = await validate(JSON.parse(read('openapi.json')));
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  it('asyncapi.json has no error and no warning for @asyncapi/parser', async () => {
    const { document, diagnostics } = await new Parser().parse(read('asyncapi.json'));
    const problems = diagnostics
      .filter((d) => d.severity <= 1)
      .map((d) => `${d.code} at ${d.path.join('.')}: ${d.message}`);
    expect(problems).toEqual([]);
    expect(
      document
        ?.operations()
        .all()
        .map((o) => o.id())
        .sort(),
    ).toEqual([
      'OrderEvents.placed',
      'OrderFeedEvents.placed',
      'OrderFeedGateway.subscribe',
      'publish.order.placed',
    ]);
  });

  it('describes every HTTP route of the bindings, as Controller.method', () => {
    const routes = bindings.controllers.flatMap((c) =>
      c.handlers
        .filter((h) => h.method !== 'EVENT' && h.method !== 'WS')
        .map((h) => {
          const path = h.path.replace(/:(\w+)/g, '{$1}');
          return `${h.method.toLowerCase()} ${path} ${c.name}.${h.name}`;
        }),
    );
    const described = Object.entries(openapi.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => `${method} ${path} ${op.operationId}`),
    );
    expect(described.sort()).toEqual(routes.sort());
  });
});

describe('example app: /docs', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = exampleApp();
    const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
    close = () => app.close();
  });
  afterAll(() => close());

  it('serves both documents as committed, without the auth interceptor', async () => {
    for (const file of ['openapi.json', 'asyncapi.json']) {
      const res = await fetch(`${base}/docs/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual(JSON.parse(read(file)));
    }
  });

  it('serves the page', async () => {
    const res = await fetch(`${base}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
