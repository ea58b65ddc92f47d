// The generated client compiles under the strictest settings a consumer may use, in a browser
// (DOM) and in Node, and its types refuse what the app would refuse. Each marked line of the
// consumer must fail `tsc` for the reason its comment names: compiled once with the
// `@ts-expect-error` lines as written (an unused one is an error), and once without them.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const written: string[] = [];
afterAll(() => {
  for (const f of written) rmSync(f, { force: true });
});

const STRICT: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  strict: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noEmit: true,
};

/** A browser bundle's settings: the DOM's fetch and WebSocket, no Node types. */
const BROWSER: ts.CompilerOptions = {
  ...STRICT,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts', 'lib.dom.asynciterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
};

/** A Node service's settings: Node's own fetch and no DOM. */
const NODE: ts.CompilerOptions = {
  ...STRICT,
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ['node'],
  typeRoots: [join(ROOT, 'node_modules/@types')],
};

/** `file:line: message` for each error of compiling `files`. */
function errors(files: readonly string[], options: ts.CompilerOptions): string[] {
  const program = ts.createProgram(files, options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file === undefined || d.start === undefined) return text;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${relative(ROOT, d.file.fileName)}:${line + 1}: ${text}`;
  });
}

/** Every generated client of the repository: the example's and each fixture's. */
function clients(): string[] {
  const fixtures = readdirSync(join(ROOT, 'fixtures'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const file = join(ROOT, 'fixtures', e.name, 'expected/client.ts');
      return readdirSync(join(ROOT, 'fixtures', e.name)).includes('expected') &&
        readdirSync(join(ROOT, 'fixtures', e.name, 'expected')).includes('client.ts')
        ? [file]
        : [];
    });
  return [join(ROOT, 'examples/app/client.ts'), ...fixtures];
}

/** The consumer: right calls, and wrong ones each marked with what `tsc` must say. */
const CONSUMER = `import { ApiError, createClient, unwrap, type Item } from '../../fixtures/client/expected/client.js';

const api = createClient({ baseUrl: 'http://127.0.0.1:3000', credentials: 'include' });

export async function right(): Promise<Item> {
  const r = await api.item.get({ path: { id: 1 } });
  if (r.ok) {
    const status: 200 = r.status;
    void status;
    return r.data;
  }
  const code: string | undefined = r.problem.code;
  void code;
  const added = unwrap(await api.item.add({ body: { name: 'a', price: 1, stock: 10n } }));
  const at: Date = added.addedAt;
  void at;
  await api.item.list();
  await api.item.list({ query: { sort: 'id' } });
  const socket = api.counter.connect({ path: { room: 'a' } });
  socket.send({ by: 1 });
  for await (const reply of socket.replies()) {
    if (typeof reply === 'object' && !(reply instanceof Uint8Array)) return { ...added, name: reply.room };
  }
  for await (const e of api.item.stock()) void e.data;
  throw new ApiError(r);
}

export async function wrong(): Promise<void> {
  // @ts-expect-error a wrong body: price is a number
  await api.item.add({ body: { name: 'a', price: 'one' } });
  // @ts-expect-error a body without its required name
  await api.item.add({ body: { price: 1 } });
  // @ts-expect-error a missing path key
  await api.item.get({ path: {} });
  // @ts-expect-error no argument where a path key is required
  await api.item.get();
  // @ts-expect-error a path key of the wrong type
  await api.item.get({ path: { id: '1' } });
  // @ts-expect-error a query value the handler does not take
  await api.item.list({ query: { sort: 'price' } });
  const r = await api.item.get({ path: { id: 1 } });
  // @ts-expect-error data without narrowing ok
  void r.data.name;
  const socket = api.counter.connect({ path: { room: 'a' } });
  // @ts-expect-error the wrong WebSocket message
  socket.send({ by: 'one' });
  // @ts-expect-error a gateway's path key left out
  api.counter.connect();
}
`;

/** The reason each marked line fails, as `tsc` words it, in order. */
const REASONS = [
  "Type 'string' is not assignable to type 'number'",
  "Property 'name' is missing",
  "Property 'id' is missing",
  'Expected 1 arguments, but got 0',
  "Type 'string' is not assignable to type 'number'",
  `Type '"price"' is not assignable to type '"name" | "id"`,
  "Property 'data' does not exist on type 'Failure'",
  "Type 'string' is not assignable to type 'number'",
  'Expected 1 arguments, but got 0',
];

describe('the generated client under strict settings', () => {
  it('compiles, every fixture and the example, in a browser and in Node', () => {
    expect(errors(clients(), BROWSER)).toEqual([]);
    expect(errors(clients(), NODE)).toEqual([]);
  }, 120_000);

  it('refuses a wrong body, a missing path key, unnarrowed data and a wrong message', () => {
    const consumer = join(import.meta.dirname, '.consumer.ts');
    const bare = join(import.meta.dirname, '.consumer-bare.ts');
    written.push(consumer, bare);
    writeFileSync(consumer, CONSUMER);
    expect(errors([consumer], BROWSER)).toEqual([]);

    const lines = CONSUMER.split('\n');
    const marked = lines.flatMap((l, i) => (l.includes('@ts-expect-error') ? [i + 2] : []));
    writeFileSync(bare, CONSUMER.replaceAll(/\/\/ @ts-expect-error .*/g, '//'));
    const found = errors([bare], BROWSER);
    expect(marked).toHaveLength(REASONS.length);
    marked.forEach((line, i) => {
      const here = found.filter((e) => e.startsWith(`test/client/.consumer-bare.ts:${line}:`));
      expect(here.join('\n'), `line ${line}`).toContain(REASONS[i]);
    });
  }, 120_000);
});
