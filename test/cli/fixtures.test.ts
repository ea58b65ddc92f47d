import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixtureCases, generateFixture } from '../../fixtures/cases.js';

describe('fixtures: fwgen output, byte for byte', () => {
  it.each(fixtureCases())('%s', (name) => {
    const files = generateFixture(name);
    for (const { file, content } of files) {
      const expectedPath = join(FIXTURES, file);
      expect(existsSync(expectedPath), `${file} is missing: run npm run fixtures:update`).toBe(
        true,
      );
      expect(content, `${file} is stale: run npm run fixtures:update`).toBe(
        readFileSync(expectedPath, 'utf8'),
      );
    }
    const written = files.map(({ file }) => file.split('/').pop());
    expect(readdirSync(join(FIXTURES, name, 'expected')).sort()).toEqual(written);
  });
});
