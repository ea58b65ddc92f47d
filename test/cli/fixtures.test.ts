import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixtureCases, generateFixture } from '../../fixtures/cases.js';

describe('fixtures: fwgen output, byte for byte', () => {
  it.each(fixtureCases())('%s', (name) => {
    const { file, content } = generateFixture(name);
    const expectedPath = join(FIXTURES, file);
    expect(existsSync(expectedPath), `${file} is missing: run npm run fixtures:update`).toBe(true);
    expect(readdirSync(join(FIXTURES, name, 'expected'))).toEqual([file.split('/').pop()]);
    expect(content).toBe(readFileSync(expectedPath, 'utf8'));
  });
});
