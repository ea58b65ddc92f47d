// fwgen's warnings (FW05xx): printed with their code frame after a run that succeeded, never
// changing the exit code or the output. FW0501: an event the code publishes that no @OnEvent in
// the project consumes (in one app, a silent drop).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppModel, PublishedEvent } from '../../cli/ir.js';
import { unconsumedEvents } from '../../cli/warnings.js';
import { watch } from '../../cli/watch.js';
import { fakeEngine } from './support/fake-engine.js';
import { TextOutput } from './support/io.js';
import { appModel, controller, handler } from './support/models.js';
import { tempProject } from './support/project.js';
import { recordRuns } from './support/runs.js';
import { REPO, removeDir, tempDir, writeFiles } from './support/temp.js';

const published = (name: string, line: number): PublishedEvent => ({
  name,
  type: `app/orders#${name}`,
  at: { file: 'app/orders.ts', line, column: 5 },
});

function withEvents(consumed: string[], events: PublishedEvent[]): AppModel {
  const consumer = {
    ...controller(
      'OrderEvents',
      'app/events.ts',
      consumed.map((name) => handler(`on${name}`, 'EVENT', name)),
    ),
    kind: 'events' as const,
  };
  // An HTTP route whose path is an event's name consumes nothing.
  const http = controller('Orders', 'app/orders.ts', [handler('list', 'GET', 'order.shipped')]);
  return { ...appModel([consumer, http]), published: events };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

describe('FW0501 from the model', () => {
  it('warns once per event name no @OnEvent consumes, at its first place', () => {
    const model = withEvents(
      ['order.placed'],
      [published('order.placed', 3), published('order.shipped', 7), published('order.shipped', 9)],
    );
    expect(unconsumedEvents(model)).toEqual([
      {
        code: 'FW0501',
        message:
          "the code publishes event 'order.shipped', but no @OnEvent('order.shipped') in the " +
          'project consumes it: in this app it is dropped (fine only if another service consumes it)',
        at: { file: 'app/orders.ts', line: 7, column: 5 },
      },
    ]);
  });

  it('says nothing when every published event is consumed, or none is published', () => {
    expect(unconsumedEvents(withEvents(['a'], [published('a', 1)]))).toEqual([]);
    expect(unconsumedEvents(withEvents(['a'], []))).toEqual([]);
  });
});

describe('FW0501 in --watch', () => {
  it('prints the warning after the run line, and the run still writes', async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFiles(dir, { 'tsconfig.json': '{}\n', 'app/orders.ts': 'export class Orders {}\n' });
    const stdout = new TextOutput();
    const stderr = new TextOutput();
    const recorder = recordRuns();
    const model = withEvents([], [published('order.shipped', 1)]);
    const watcher = watch(
      { src: 'app', out: 'app/bindings.ts', cwd: dir, engine: fakeEngine(model), stdout, stderr },
      { onRun: recorder.onRun },
    );
    try {
      await watcher.ready;
      expect(recorder.runs[0]).toMatchObject({ status: 'updated', warnings: [{ code: 'FW0501' }] });
      expect(stderr.text).toMatch(
        /^app\/orders\.ts:1:5 - warning FW0501: .*\n\nfwgen: 1 warning\n$/s,
      );
    } finally {
      await watcher.close();
    }
  });
});

const ORDERS = `import { Controller, EventConsumer, OnEvent, Post } from 'fw';
import type { Context } from 'fw/context';
import { type DomainEvent, publishEvents } from 'fw/publish';

export interface OrderPlaced extends DomainEvent {
  readonly name: 'order.placed';
}

export interface OrderShipped extends DomainEvent {
  readonly name: 'order.shipped';
}

@Controller('/orders')
export class OrderController {
  @Post('/')
  place(ctx: Context): void {
    const placed: OrderPlaced = { name: 'order.placed', occurredAt: new Date() };
    const shipped: OrderShipped = { name: 'order.shipped', occurredAt: new Date() };
    publishEvents(ctx, placed, shipped);
  }
}

@EventConsumer()
export class OrderEvents {
  @OnEvent('order.placed')
  placed(event: OrderPlaced): void {
    void event;
  }
}
`;

describe('FW0501 from fwgen (subprocess, real analyzer)', { timeout: 60_000 }, () => {
  it('prints the warning with its frame, writes the bindings and exits 0; --check too', async () => {
    const { dir, rel } = tempProject();
    dirs.push(dir);
    writeFiles(dir, { 'app/orders.ts': ORDERS });
    const fwgen = (...extra: string[]) =>
      execa(
        'node',
        [
          '--conditions=source',
          '--import',
          'tsx',
          'cli/bin.ts',
          ...['--src', `${rel}/app`, '--out', `${rel}/app/bindings.ts`],
          ...['--project', `${rel}/tsconfig.json`, ...extra],
        ],
        { cwd: REPO, reject: false },
      );
    const warning = (text: string) => text.slice(0, text.indexOf('\n\n'));

    const written = await fwgen();
    expect(written.exitCode).toBe(0);
    expect(written.stdout).toMatch(/^fwgen: wrote .*bindings\.ts/);
    const lines = readFileSync(join(dir, 'app/orders.ts'), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('publishEvents(ctx,')) + 1;
    expect(warning(written.stderr)).toMatch(
      new RegExp(
        `^${rel}/app/orders\\.ts:${line}:\\d+ - warning FW0501: the code publishes event 'order\\.shipped', but no @OnEvent\\('order\\.shipped'\\)`,
      ),
    );
    expect(written.stderr).toContain(`  ${line} |     publishEvents(ctx, placed, shipped);\n`);
    expect(written.stderr.endsWith('fwgen: 1 warning')).toBe(true);
    expect(written.stderr).not.toContain("'order.placed'");

    const checked = await fwgen('--check');
    expect(checked.exitCode).toBe(0);
    expect(warning(checked.stderr)).toBe(warning(written.stderr));
  });
});
