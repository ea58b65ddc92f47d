// Module-level names: claims, suffixes and the reserved names of fw/validate.
import * as validate from 'fw/validate';
import { describe, expect, it } from 'vitest';
import { Names, VALIDATE_EXPORTS } from '../../../cli/emit/names.js';

describe('Names', () => {
  it('gives a free name as is, then suffixes from _2', () => {
    const names = new Names([]);
    expect([names.claim('check'), names.claim('check'), names.claim('check')]).toEqual([
      'check',
      'check_2',
      'check_3',
    ]);
  });

  it('skips a suffixed name already taken', () => {
    const names = new Names(['User', 'User_2']);
    expect(names.claim('User')).toBe('User_3');
  });

  it('reserves every value fw/validate exports', () => {
    expect(Object.keys(validate).filter((name) => !VALIDATE_EXPORTS.includes(name))).toEqual([]);
  });
});
