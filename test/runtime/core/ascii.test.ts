import { describe, expect, it } from 'vitest';
import { lowerAscii } from '../../../runtime/core/ascii.js';

describe('lowerAscii', () => {
  it('answers what toLowerCase answers for every UTF-16 code unit', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const s = `x-${String.fromCharCode(c)}`;
      if (lowerAscii(s) !== s.toLowerCase()) expect.fail(`differs at U+${c.toString(16)}`);
    }
  });

  it('answers the same string when nothing changes, and lowers names and words that need it', () => {
    expect(lowerAscii('x-user')).toBe('x-user');
    expect(lowerAscii('')).toBe('');
    expect(lowerAscii('Content-Type')).toBe('content-type');
    expect(lowerAscii('YES')).toBe('yes');
    expect(lowerAscii('İstanbul')).toBe('İstanbul'.toLowerCase());
    expect(lowerAscii('ÀB')).toBe('àb');
  });
});
