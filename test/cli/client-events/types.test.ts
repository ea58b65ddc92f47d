// The generated event publisher compiles under the strictest settings a consumer may use, and its
// types refuse what the app would refuse: an event no consumer takes, a payload of the wrong type.
// Each `@ts-expect-error` line must error (an unused one is an error of its own).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(import.meta.dirname, '.tmp-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `strict` and the flags a strict consumer adds; `fw` resolves from its sources. */
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  customConditions: ['source'],
  types: ['node'],
  strict: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  skipLibCheck: true,
  noEmit: true,
};

/**
 * The errors of compiling `files` (the publisher modules they import come along). fw's own
 * sources are left out: they are compiled under fw's settings, and a consumer reads their
 * declarations.
 */
function errors(files: readonly string[]): string[] {
  const program = ts.createProgram(files, OPTIONS);
  const runtime = join(ROOT, 'runtime');
  const mine = (d: ts.Diagnostic) => d.file === undefined || !d.file.fileName.startsWith(runtime);
  return ts
    .getPreEmitDiagnostics(program)
    .filter(mine)
    .map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      if (d.file === undefined || d.start === undefined) return text;
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      return `${relative(ROOT, d.file.fileName)}:${line + 1}: ${text}`;
    });
}

/** Writes `name` into the test's folder; its path. */
function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The specifier of a generated module from the test's folder. */
const from = (path: string): string =>
  relative(dir, join(ROOT, path)).replaceAll('\\', '/').replace(/\.ts$/, '.js');

describe('the generated publisher under strict settings', () => {
  it('compiles, with every payload type and the example app', () => {
    const files = [
      'examples/app/events-client.ts',
      'fixtures/api-docs/expected/events-client.ts',
      'fixtures/boundaries/expected/events-client.ts',
      'fixtures/client-events/expected/events-client.ts',
      'fixtures/events-delivery/expected/events-client.ts',
      'fixtures/events/expected/events-client.ts',
      'fixtures/generic-constraints/expected/events-client.ts',
    ];
    expect(errors(files.map((f) => join(ROOT, f)))).toEqual([]);
  });

  it('refuses a wrong event name and a wrong payload, and takes the right ones', () => {
    const consumer = write(
      'consumer.ts',
      `import { inMemoryTransport } from 'fw';
import { createPublisher, type EventName, type Events } from '${from('fixtures/client-events/expected/events-client.ts')}';
import * as example from '${from('examples/app/events-client.ts')}';

const publisher = createPublisher({ transport: inMemoryTransport() });
const lines: readonly { readonly sku: string; readonly qty: number }[] = [{ sku: 'A', qty: 1 }];
const moved: Events['stock.moved'] = {
  name: 'stock.moved',
  occurredAt: new Date(),
  lines,
  from: { city: 'Lyon' },
  to: { street: 'Main' },
  tags: {},
  position: [1, 2],
};
export const sent = [
  publisher.publish('stock.moved', moved),
  publisher.publish('stock.moved', { ...moved, reason: 'sale' }, { requestId: 'req-1' }),
  publisher.publish('stock.counted', { anything: [1, 'two'] }),
];
export const names: EventName[] = ['stock.counted', 'stock.moved'];

// @ts-expect-error: no consumer of the app takes this event
publisher.publish('stock.lost', moved);
// @ts-expect-error: a quantity is a number
publisher.publish('stock.moved', { ...moved, lines: [{ sku: 'A', qty: '1' }] });
// @ts-expect-error: the payload lacks its properties
publisher.publish('stock.moved', { name: 'stock.moved', lines });
// @ts-expect-error: the event's name is its literal
publisher.publish('stock.moved', { ...moved, name: 'stock.lost' });
// @ts-expect-error: a reason is one of two, and absent is not undefined (exactOptionalPropertyTypes)
publisher.publish('stock.moved', { ...moved, reason: undefined });
// @ts-expect-error: not an event name of the app
export const wrong: EventName = 'stock.lost';

const orders = example.createPublisher({ transport: inMemoryTransport() });
export const order = orders.publish('order.placed', {
  name: 'order.placed',
  orderId: 1,
  sku: 'A-1',
  qty: 2,
  occurredAt: new Date(),
});
// @ts-expect-error: occurredAt is a Date, not its text
orders.publish('order.placed', { name: 'order.placed', orderId: 1, sku: 'A-1', qty: 2, occurredAt: '2026-01-01' });
// @ts-expect-error: the example app consumes no such event
orders.publish('order.shipped', { name: 'order.placed', orderId: 1, sku: 'A-1', qty: 2, occurredAt: new Date() });
`,
    );
    expect(errors([consumer])).toEqual([]);
  });
});
