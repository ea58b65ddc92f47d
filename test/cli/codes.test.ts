// docs/fwgen.md lists every diagnostic code fwgen can report, with the meaning cli/ir.ts gives it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../../cli/ir.js';

const doc = readFileSync(new URL('../../docs/fwgen.md', import.meta.url), 'utf8');
const rows = [...doc.matchAll(/^\| `(FW\d{4})` \| (.+?) \| (.+) \|$/gm)].map((m) => ({
  code: m[1] as string,
  problem: m[2] as string,
  todo: m[3] as string,
}));

describe('docs/fwgen.md', () => {
  it('lists every diagnostic code once, and nothing else', () => {
    expect(rows.map((r) => r.code)).toEqual(Object.keys(DIAGNOSTIC_CODES).sort());
  });

  it.each(rows)(
    '$code has the meaning of cli/ir.ts and says what to do',
    ({ code, problem, todo }) => {
      expect(problem).toBe(DIAGNOSTIC_CODES[code as keyof typeof DIAGNOSTIC_CODES]);
      expect(todo.length).toBeGreaterThan(10);
    },
  );
});
