// The packed tarballs on every Node fw supports besides the running one: under each pinned Node
// binary, the installed fwgen writes the bindings, the app's tsc (strict, skipLibCheck: false)
// compiles them and that Node serves the build; tsx, run by the same Node, serves the sources.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pinnedNodes } from '../runtimes/nodes.js';
import { appWith, exercise, generate, tools } from './exercise.js';

const nodes = await pinnedNodes();

for (const node of nodes) {
  describe(`Node ${node.version}, from the packed tarballs`, () => {
    it('fwgen generates, tsc compiles, and node serves the build; tsx serves the sources', async () => {
      const major = node.version.split('.')[0] as string;
      const app = await appWith(`node-${major}`, tools('typescript', '@types/node', 'tsx'));
      await generate(app, node.path);
      const tsc = await app.run(node.path, [join(app.dir, 'node_modules/typescript/bin/tsc')]);
      expect([tsc.exitCode, tsc.stdout]).toEqual([0, '']);
      await exercise(app, node.path, ['dist/main.js'], `toolchain-node-${major}-tsc-1`);
      const tsx = join(app.dir, 'node_modules/tsx/dist/cli.mjs');
      await exercise(app, node.path, [tsx, 'src/main.ts'], `toolchain-node-${major}-tsx-1`);
    });
  });
}
