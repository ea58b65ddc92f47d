// The committed samples: rendered again and compared byte for byte (`vitest -u` rewrites them).
// `tsc` type-checks them with the rest of test/, and Biome lints and format-checks them.
import { describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { AppModel } from '../../../cli/ir.js';
import {
  bindingsSample,
  graphSample,
  objectsSample,
  querySample,
  unionsSample,
} from './samples.js';

const samples: [name: string, model: AppModel][] = [
  ['bindings', bindingsSample],
  ['graph', graphSample],
  ['objects', objectsSample],
  ['query', querySample],
  ['unions', unionsSample],
];

describe('samples', () => {
  it.each(samples)('%s', async (name, model) => {
    const out = `test/cli/emit/samples/${name}.expected.ts`;
    await expect(render(model, out)).toMatchFileSnapshot(`./samples/${name}.expected.ts`);
  });
});
