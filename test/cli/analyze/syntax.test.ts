// A source that does not parse is reported (FW0003), never read as a repaired tree.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import { tempProject, USERS } from '../support/project.js';
import { removeDir } from '../support/temp.js';

const project = tempProject();
afterAll(() => removeDir(project.dir));
const users = join(project.dir, 'app/users.ts');
const analyzer = createAnalyzer({
  root: project.dir,
  tsconfig: join(project.dir, 'tsconfig.json'),
  src: join(project.dir, 'app'),
  out: join(project.dir, 'app/bindings.ts'),
});

describe('syntax errors', () => {
  it('are reported with their place, and nothing is bound until they are fixed', () => {
    expect(analyzer.analyze().model.controllers.map((c) => c.handlers.length)).toEqual([2]);

    writeFileSync(users, USERS.replace("  @Get('/:id')", "  broken(\n  @Get('/:id')"));
    analyzer.update([users]);
    const { model, diagnostics } = analyzer.analyze();
    expect(model.controllers).toEqual([]);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.code === 'FW0003' && d.at.file === 'app/users.ts')).toBe(
      true,
    );
    expect(diagnostics[0]).toEqual({
      code: 'FW0003',
      message: "syntax error: ',' expected (TS1005); fix the source first",
      at: { file: 'app/users.ts', line: 12, column: 6 },
    });

    writeFileSync(users, USERS);
    analyzer.update([users]);
    const fixed = analyzer.analyze();
    expect([fixed.diagnostics, fixed.model.controllers.length]).toEqual([[], 1]);
  });
});
