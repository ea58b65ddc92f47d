/**
 * fwgen's watch mode (from `dist/`), measured in a process of its own (run.ts starts it, so its peak RSS is the
 * watch process's alone): starts `watch()`, waits for the first run, then edits one controller
 * `edits` times (each adds a handler `GET /res0/:id/edit<i>`) and times each write until the
 * output holds the new route. Prints a {@link WatchResult} as JSON on stdout.
 *
 *   node --conditions=source --import tsx bench/fwgen/watch-bench.ts <fw project dir> <edits>
 *     <controllers> <handlers> <services|plain>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { fwController, fwControllerFile, REPO } from './synth.js';

// The built watcher (run.ts builds first), so watch mode runs the same code as the fwgen binary.
const built = pathToFileURL(join(REPO, 'cli/dist/cli/watch.js')).href;
const { watch } = (await import(built)) as typeof import('../../cli/watch.js');

/** What watch-bench prints. */
export interface WatchResult {
  /** From calling `watch()` to its first output. */
  readonly firstRunMs: number;
  /** From each file write to the output holding the change. */
  readonly editsMs: readonly number[];
}

/** How long one edit may take before the benchmark gives up. */
const TIMEOUT_MS = 60_000;
/** A pause between edits, so that one edit's file events are over before the next. */
const SETTLE_MS = 500;

const [dir, editsArg, controllersArg, handlersArg, servicesArg] = process.argv.slice(2);
if (dir === undefined) {
  throw new Error(
    'usage: watch-bench.ts <project dir> <edits> <controllers> <handlers> <services|plain>',
  );
}
const edits = Number(editsArg ?? 5);
// The project's own size: controller 0's constructor depends on the size of the service graph.
const size = {
  controllers: Number(controllersArg ?? 200),
  handlers: Number(handlersArg ?? 10),
  services: servicesArg !== 'plain',
};
const out = join(dir, 'src/bindings.ts');
const file = fwControllerFile(dir, 0);
const now = () => performance.now();

/** Called after every run of the watcher; set while an edit waits for its output. */
let pending: (() => void) | undefined;
const hasEdit = (i: number) => {
  try {
    return readFileSync(out, 'utf8').includes(`/edit${i}'`);
  } catch {
    return false;
  }
};

const start = now();
const watcher = watch(
  { src: join(dir, 'src'), out, project: join(dir, 'tsconfig.json') },
  { onRun: () => pending?.() },
);
await watcher.ready;
const firstRunMs = now() - start;

const editsMs: number[] = [];
for (let i = 1; i <= edits; i++) {
  await sleep(SETTLE_MS);
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`edit ${i}: no output after ${TIMEOUT_MS} ms`)),
      TIMEOUT_MS,
    );
    pending = () => {
      if (!hasEdit(i)) return;
      clearTimeout(timer);
      resolve();
    };
  });
  const t0 = now();
  writeFileSync(file, fwController(0, size, i));
  await done;
  editsMs.push(now() - t0);
  pending = undefined;
}
await watcher.close();
const result: WatchResult = { firstRunMs, editsMs };
process.stdout.write(`${JSON.stringify(result)}\n`);
