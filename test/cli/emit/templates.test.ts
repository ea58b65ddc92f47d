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

  it("stay under 120 lines each, with loops, fields and #if on the view's booleans only", () => {
    // Every boolean field of the view types (the bindings' and the event publisher's); `is.<kind>`
    // is one per checker kind.
    const view = ['cli/emit/view.ts', 'cli/client-events/view-model.ts']
      .map((file) => readFileSync(join(root, file), 'utf8'))
      .join('\n');
    const booleans = new Set(
      [...view.matchAll(/readonly (\w+): (?:boolean|true|false);/g)].map((m) => m[1]),
    );
    for (const file of readdirSync(join(root, 'templates'))) {
      const source = readFileSync(join(root, 'templates', file), 'utf8');
      expect(source.split('\n').length, file).toBeLessThan(120);
      const text = source.replace(/\{\{!--[\s\S]*?--\}\}/g, '');
      const blocks = [...text.matchAll(/\{\{(?:#|else )(\w+)\s*([^}]*)\}\}/g)];
      for (const [tag, helper, argument = ''] of blocks) {
        expect(['each', 'if'], `${file}: ${tag}`).toContain(helper);
        if (helper !== 'if') continue;
        const path = argument.trim();
        expect(path, `${file}: ${tag}`).toMatch(/^[\w.]+$/);
        const field = path.split('.').at(-1) ?? '';
        expect(path.startsWith('is.') || booleans.has(field), `${file}: ${tag}`).toBe(true);
      }
      // No other helper, no inverse section, no subexpression.
      expect(text, file).not.toMatch(/\{\{[#^]?(unless|with|lookup)\b|\{\{\^|\{\{[^}]*\(/);
    }
  });
});
