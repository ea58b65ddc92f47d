// The `docs` option of createApp checked at start-up (runtime/docs/docs-options.ts): each wrong
// value fails createApp with FW_ERR_INVALID_OPTION naming docs.<key>, a path that clashes with a
// route or a health probe names both, and a document is an object or the JSON file fwgen wrote.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AppOptions, createApp, FwError } from 'fw';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  bindingsOf,
  recordingLogger,
  serve,
  type TestRoute,
  thrown,
} from '../../../http/support.js';

const OPENAPI = { openapi: '3.1.0', info: { title: 'Notes', version: '1.0.0' }, paths: {} };
const ASYNCAPI = { asyncapi: '3.0.0', info: { title: 'Notes events', version: '1.0.0' } };

const EXPECTED_PATH =
  "a path such as '/docs' (segments of letters, digits and . _ ~ -, not '/', no trailing '/')";
const expectedDocument = (kind: 'openapi' | 'asyncapi') =>
  `the ${kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'} document: an object with a string '${kind}' ` +
  `version, or the path or file: URL of the JSON file fwgen writes (fwgen --${kind} ${kind}.json)`;

/** What createApp throws for these options and routes, or undefined when it does not. */
function failure(options: Partial<AppOptions>, routes: readonly TestRoute[] = []): unknown {
  return thrown(() =>
    createApp({ bindings: bindingsOf(routes), logger: recordingLogger(), ...options }),
  );
}

function invalid(option: string, expected: string, got: string): FwError {
  return new FwError('FW_ERR_INVALID_OPTION', { owner: 'createApp', option, expected, got });
}

/** A directory for the test's files, removed when it finishes. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fw-docs-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('createApp({ docs }) refuses options that cannot serve a page', () => {
  it.each<[string, unknown, string, string, string]>([
    ['null', null, 'docs', '{ path, openapi, asyncapi? }', 'null'],
    ['a string', '/docs', 'docs', '{ path, openapi, asyncapi? }', "'/docs'"],
    [
      'an unknown key',
      { path: '/docs', openapi: OPENAPI, title: 'x' },
      'docs.title',
      'one of path, openapi, asyncapi',
      "'title'",
    ],
    ['no path', { openapi: OPENAPI }, 'docs.path', EXPECTED_PATH, 'undefined'],
    ['a relative path', { path: 'docs', openapi: OPENAPI }, 'docs.path', EXPECTED_PATH, "'docs'"],
    ['the root', { path: '/', openapi: OPENAPI }, 'docs.path', EXPECTED_PATH, "'/'"],
    [
      'a trailing slash',
      { path: '/docs/', openapi: OPENAPI },
      'docs.path',
      EXPECTED_PATH,
      "'/docs/'",
    ],
    [
      'a dot segment',
      { path: '/a/../docs', openapi: OPENAPI },
      'docs.path',
      EXPECTED_PATH,
      "'/a/../docs'",
    ],
    ['a space', { path: '/api docs', openapi: OPENAPI }, 'docs.path', EXPECTED_PATH, "'/api docs'"],
    ['a parameter', { path: '/:docs', openapi: OPENAPI }, 'docs.path', EXPECTED_PATH, "'/:docs'"],
    ['no openapi', { path: '/docs' }, 'docs.openapi', expectedDocument('openapi'), 'undefined'],
    [
      'an object without a version',
      { path: '/docs', openapi: { info: {}, paths: {} } },
      'docs.openapi',
      expectedDocument('openapi'),
      'an object with keys info, paths',
    ],
    [
      'an array',
      { path: '/docs', openapi: [] },
      'docs.openapi',
      expectedDocument('openapi'),
      'an empty array',
    ],
    [
      'an OpenAPI document as the AsyncAPI one',
      { path: '/docs', openapi: OPENAPI, asyncapi: OPENAPI },
      'docs.asyncapi',
      expectedDocument('asyncapi'),
      'an object with keys openapi, info, paths',
    ],
  ])('%s', (_, docs, option, expected, got) => {
    expect(failure({ docs: docs as never })).toEqual(invalid(option, expected, got));
  });

  it('a document JSON cannot write', () => {
    const doc: Record<string, unknown> = { openapi: '3.1.0' };
    doc['self'] = doc;
    const err = failure({ docs: { path: '/docs', openapi: doc } });
    expect(err).toBeInstanceOf(FwError);
    expect((err as FwError).code).toBe('FW_ERR_INVALID_OPTION');
    expect((err as FwError).message).toMatch(
      /^createApp option 'docs.openapi' must be .*; got one JSON.stringify cannot write \(TypeError: Converting circular structure/,
    );
  });
});

describe('a document named by its file', () => {
  it('is read once at start-up, from a path against the working directory or a file: URL', async () => {
    const dir = scratch();
    const openapi = join(dir, 'openapi.json');
    const asyncapi = join(dir, 'asyncapi.json');
    writeFileSync(openapi, JSON.stringify(OPENAPI, null, 2));
    writeFileSync(asyncapi, JSON.stringify(ASYNCAPI));
    const served = await serve([], {
      docs: {
        path: '/docs',
        openapi: relative(process.cwd(), openapi),
        asyncapi: pathToFileURL(asyncapi),
      },
    });
    rmSync(openapi);
    rmSync(asyncapi);

    expect(await (await fetch(served.url('/docs/openapi.json'))).json()).toEqual(OPENAPI);
    expect(await (await fetch(served.url('/docs/asyncapi.json'))).json()).toEqual(ASYNCAPI);
  });

  it('fails createApp naming the file when it is missing, not JSON, YAML, or another document', () => {
    const dir = scratch();
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const missing = join(dir, 'missing.json');
    const cases: [unknown, string][] = [
      [missing, `'${missing}', which cannot be read (ENOENT)`],
      [
        pathToFileURL(file('broken.json', '{"openapi":')),
        `'${join(dir, 'broken.json')}', which is not JSON (Unexpected end of JSON input)`,
      ],
      [
        file('openapi.yaml', 'openapi: 3.1.0\n'),
        `'${join(dir, 'openapi.yaml')}', a YAML file, which fw does not parse; have fwgen write JSON as well`,
      ],
      [
        file('asyncapi.json', JSON.stringify(ASYNCAPI)),
        `'${join(dir, 'asyncapi.json')}', which holds an object with keys asyncapi, info`,
      ],
    ];
    for (const [openapi, got] of cases) {
      const err = failure({ docs: { path: '/docs', openapi: openapi as never } });
      expect(err, String(openapi)).toEqual(
        invalid('docs.openapi', expectedDocument('openapi'), got),
      );
    }
    const web = failure({
      docs: { path: '/docs', openapi: new URL('https://example.com/openapi.json') },
    });
    expect((web as FwError).message).toMatch(
      /; got https:\/\/example.com\/openapi.json, which is not a file: URL \(ERR_INVALID_URL_SCHEME\)$/,
    );
  });
});

describe('the page path clashes', () => {
  const route = (path: string): TestRoute => ({ method: 'GET', path, handle: () => 'x' });

  it.each(['/docs', '/docs/openapi.json', '/docs/:file'])(
    'with a route declared on or under it (%s): FW_ERR_DUPLICATE_ROUTE naming both',
    (path) => {
      expect(failure({ docs: { path: '/docs', openapi: OPENAPI } }, [route(path)])).toEqual(
        new FwError('FW_ERR_DUPLICATE_ROUTE', {
          method: 'GET',
          path,
          first: 'Routes.handler0',
          second: 'createApp({ docs }) (change docs.path)',
        }),
      );
    },
  );

  it.each([
    ['/docs', '/docs', '/docs/live'],
    ['/health', '/health/live', '/health/live'],
    ['/health', '/health/ready', '/health/ready'],
    ['/', '/live', '/live'],
  ])(
    'with health at %s and the page at %s: FW_ERR_INVALID_OPTION naming %s',
    (health, path, probe) => {
      expect(failure({ health: { path: health }, docs: { path, openapi: OPENAPI } })).toEqual(
        invalid(
          'docs.path',
          `a path apart from the health probe ${probe}, which it would hide`,
          `'${path}'`,
        ),
      );
    },
  );

  it('not with a route whose pattern only matches the path: the page shadows it there', async () => {
    const served = await serve(
      [
        {
          method: 'GET',
          path: '/:section',
          handle: (s: string) => `section ${s}`,
          params: ['section:string'],
        },
      ],
      {
        health: { path: '/health' },
        docs: { path: '/docs', openapi: OPENAPI },
      },
    );
    expect((await fetch(served.url('/docs'))).headers.get('content-type')).toBe(
      'text/html; charset=utf-8',
    );
    expect(await (await fetch(served.url('/news'))).text()).toBe('section news');
    expect((await fetch(served.url('/health/live'))).status).toBe(200);
  });
});
