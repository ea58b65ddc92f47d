// Where the templates are found, and that they stay thin.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { templatesDir } from '../../../cli/emit/render.js';

const root = join(import.meta.dirname, '../../..');

describe('templates', () => {
  it('are found from the sources', () => {
    expect(templatesDir(join(root, 'cli/emit'))).toBe(join(root, 'templates'));
  });

  it('are found from the build, shipped beside dist/', () => {
    expect(templatesDir(join(root, 'dist/cli/emit'))).toBe(join(root, 'templates'));
  });

  it('are missing above the file system root with a message naming where it looked', () => {
    expect(() => templatesDir('/')).toThrow('fwgen: no templates/bindings.hbs above /');
  });

  it('stay under 120 lines each, with no helpers and no conditionals', () => {
    for (const file of readdirSync(join(root, 'templates'))) {
      const text = readFileSync(join(root, 'templates', file), 'utf8');
      expect(text.split('\n').length, file).toBeLessThan(120);
      expect(text, file).not.toMatch(/\{\{[#^]?(if|unless|with|lookup)\b/);
    }
  });
});
