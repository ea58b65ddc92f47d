// Where the templates are found, and that they stay thin.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { templatesDir } from '../../../cli/emit/render.js';

const root = join(import.meta.dirname, '../../..');

describe('templates', () => {
  it('are found from the sources', () => {
    expect(templatesDir(join(root, 'cli/emit'))).toBe(join(root, 'templates'));
  });

  it('are found from the fwgen package, shipped in its dist/ beside the compiled cli/', () => {
    // The layout `npm run build --workspace cli` makes: dist/cli/emit/*.js and dist/templates.
    const pkg = mkdtempSync(join(tmpdir(), 'fwgen-templates-'));
    try {
      mkdirSync(join(pkg, 'dist/cli/emit'), { recursive: true });
      mkdirSync(join(pkg, 'dist/templates'));
      writeFileSync(join(pkg, 'dist/templates/bindings.hbs'), '');
      expect(templatesDir(join(pkg, 'dist/cli/emit'))).toBe(join(pkg, 'dist/templates'));
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
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
