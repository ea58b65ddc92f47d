// The generated graph under change: what a reviewer sees in the diff when the model gains a provider.
import { describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { AppModel, InstanceModel } from '../../../cli/ir.js';
import { app, fileRef } from './builder.js';

/** An instance of `src/<file>.ts`: a class made with `new`, or a provider constant's result. */
function instance(
  file: string,
  type: string,
  options: { provider?: string; async?: boolean; root?: boolean; args?: string[] } = {},
): InstanceModel {
  const module = `src/${file}.ts`;
  return {
    id: `src/${file}#${type}`,
    name: type,
    create:
      options.provider === undefined
        ? { kind: 'class', ref: fileRef(module, type) }
        : {
            kind: 'provider',
            ref: fileRef(module, options.provider),
            async: options.async ?? false,
          },
    at: { file: module, line: 1, column: 1 },
    root: options.root ?? false,
    args: (options.args ?? []).map((id) => `src/${id}`),
  };
}

const config = instance('config', 'ExampleConfig', { provider: 'config' });
const userStore = instance('store', 'UserStore', { args: ['config#ExampleConfig'] });
const sessions = instance('store', 'Sessions');
const clock = instance('clock', 'Clock', { provider: 'systemClock' });
const userController = instance('users', 'UserController', {
  root: true,
  args: ['store#UserStore'],
});
const sessionsOf = (args: string[]) =>
  instance('session', 'SessionController', { root: true, args });

/** The example app's graph, in the order fwgen lists it. */
const before: AppModel = {
  ...app([]),
  instances: [
    config,
    userStore,
    sessions,
    sessionsOf(['store#UserStore', 'store#Sessions']),
    userController,
  ],
};

/** The lines `from` loses and `to` gains, each in order: a line diff, as `git diff` shows it. */
function diff(from: string, to: string): { removed: string[]; added: string[] } {
  const a = from.split('\n');
  const b = to.split('\n');
  // common[i][j]: the length of the longest common subsequence of a[i..] and b[j..].
  const common = a.map(() => new Array<number>(b.length + 1).fill(0));
  common.push(new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] =
        a[i] === b[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const removed: string[] = [];
  const added: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) [i, j] = [i + 1, j + 1];
    else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      added.push(b[j++]!);
    } else removed.push(a[i++]!);
  }
  return { removed, added };
}

describe('the generated graph', () => {
  it('is one line per instance, named, in the order of the model', () => {
    const text = render(before, 'src/bindings.ts');
    expect(text.slice(text.indexOf('function buildGraph'))).toBe(
      [
        'function buildGraph({ make, root }: GraphBuilder): void {',
        "  const exampleConfig = make(config, () => config(), 'config');",
        '  const userStore = make(UserStore, () => new UserStore(exampleConfig()));',
        '  const sessions = make(Sessions, () => new Sessions());',
        '  root(SessionController, () => new SessionController(userStore(), sessions()));',
        '  root(UserController, () => new UserController(userStore()));',
        '}',
        '',
        'export const bindings: Bindings = {',
        '  version: 3,',
        '  graph: { build: buildGraph },',
        '  controllers: [],',
        '};',
        '',
      ].join('\n'),
    );
  });

  it('gains one provider as its import, its line and the changed line of what uses it', () => {
    const after: AppModel = {
      ...before,
      instances: [
        config,
        userStore,
        sessions,
        clock,
        sessionsOf(['store#UserStore', 'store#Sessions', 'clock#Clock']),
        userController,
      ],
    };
    expect(diff(render(before, 'src/bindings.ts'), render(after, 'src/bindings.ts'))).toEqual({
      removed: ['  root(SessionController, () => new SessionController(userStore(), sessions()));'],
      added: [
        "import { systemClock } from './clock.js';",
        "  const clock = make(systemClock, () => systemClock(), 'systemClock');",
        '  root(SessionController, () => new SessionController(userStore(), sessions(), clock()));',
      ],
    });
  });

  it('gains an async provider as one line too: the graph says async, no factory awaits', () => {
    const async = { ...config, create: { ...config.create, async: true } };
    const after: AppModel = { ...before, instances: [async, ...before.instances!.slice(1)] };
    expect(diff(render(before, 'src/bindings.ts'), render(after, 'src/bindings.ts'))).toEqual({
      removed: ['  graph: { build: buildGraph },'],
      added: [
        "// An async provider's instance is awaited when the app starts, before anything is made from it.",
        '  graph: { build: buildGraph, async: true },',
      ],
    });
  });

  it('names a getter apart from an import of the same name, and leaves out trailing undefineds', () => {
    const clockProvider = instance('clock', 'Clock', { provider: 'clock' });
    // Two optional parameters nothing provides.
    const audit = {
      ...instance('users', 'Audit', { root: true }),
      args: ['src/clock#Clock', null, null],
    };
    const text = render({ ...app([]), instances: [clockProvider, audit] }, 'src/bindings.ts');
    expect(text).toContain("  const clock_2 = make(clock, () => clock(), 'clock');\n");
    expect(text).toContain('  root(Audit, () => new Audit(clock_2()));\n');
  });

  it('takes only root from the builder when every instance is a root', () => {
    const model: AppModel = { ...app([]), instances: [instance('users', 'Audit', { root: true })] };
    expect(render(model, 'src/bindings.ts')).toContain(
      'function buildGraph({ root }: GraphBuilder): void {\n  root(Audit, () => new Audit());\n}\n',
    );
  });
});
