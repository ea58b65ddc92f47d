// The maximum page size of the OpenAPI document the docs page serves is the one the app clamps
// `size` to: fwgen writes the default pagination.maxSize into the document, and createApp({ docs })
// serves it with the app's own. Both halves over a real socket, with the bindings and the document
// fwgen generated for fixtures/api-docs (GET /pets/pages answers `<page>/<size>`).
import { readFileSync } from 'node:fs';
import { type App, createApp, jsonLogger } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import { bindings } from '../../../../fixtures/api-docs/expected/bindings.js';

const OPENAPI = new URL('../../../../fixtures/api-docs/expected/openapi.json', import.meta.url);

interface Parameter {
  readonly name: string;
  readonly schema: { readonly maximum: number; readonly default: number };
}

let app: App | undefined;
afterEach(() => app?.close());

/** The app on a socket: its `size` parameter as /docs/openapi.json says, and the size it gives. */
async function served(pagination?: { maxSize: number }) {
  app = createApp({
    bindings,
    docs: { path: '/docs', openapi: OPENAPI },
    logger: jsonLogger({ level: 'warn' }),
    ...(pagination !== undefined && { pagination }),
  });
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const doc = (await (await fetch(`${base}/docs/openapi.json`)).json()) as {
    paths: Record<string, { get: { parameters: unknown[] } }>;
    components: { parameters: Record<string, Parameter> };
  };
  const refs = doc.paths['/pets/pages']?.get.parameters;
  const size = doc.components.parameters['PageSize'] as Parameter;
  const sizeFor = async (query: string) => {
    const text = await (await fetch(`${base}/pets/pages${query}`)).text();
    return Number(text.split('/')[1]);
  };
  return { refs, size, sizeFor };
}

describe('the documented maximum page size', () => {
  it('is the size the server clamps to, with the default pagination.maxSize', async () => {
    const { refs, size, sizeFor } = await served();
    expect(refs).toContainEqual({ $ref: '#/components/parameters/PageSize' });
    expect(size.name).toBe('size');
    expect(size.schema.maximum).toBe(await sizeFor('?size=1000000'));
    expect(size.schema.maximum).toBe(100);
    expect(size.schema.default).toBe(await sizeFor(''));
  });

  it('is the app option pagination.maxSize when it is set', async () => {
    const { size, sizeFor } = await served({ maxSize: 37 });
    expect(size.schema.maximum).toBe(await sizeFor('?size=38'));
    expect(size.schema.maximum).toBe(37);
    expect(await sizeFor('?size=37')).toBe(37);
  });

  it('leaves a document given as an object as it was', () => {
    const given = JSON.parse(readFileSync(OPENAPI, 'utf8')) as {
      components: { parameters: Record<string, Parameter> };
    };
    const before = JSON.stringify(given);
    app = createApp({
      bindings,
      docs: { path: '/docs', openapi: given },
      pagination: { maxSize: 5 },
    });
    expect(JSON.stringify(given)).toBe(before);
  });
});
