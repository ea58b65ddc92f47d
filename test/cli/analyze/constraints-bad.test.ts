import { describe, expect, it } from 'vitest';
import { analyzeCase, printed } from './support.js';

const CASE = 'constraints-bad';
const lines = printed(analyzeCase(CASE).diagnostics, CASE);

describe('analyzer: constraint tags it cannot use', () => {
  it('FW0305: a tag on a type it does not fit, at the property (or alias) with what fits', () => {
    expect(lines.filter((l) => l.includes('FW0305'))).toEqual([
      'dto.ts:4:1 FW0305 Code: @minItems needs an array, found a string; bound a string with @minLength, @maxLength, @pattern or @format',
      'dto.ts:12:3 FW0305 Misfits.count: @minLength needs a string, found a number; bound a number with @integer, @minimum, @maximum or @multipleOf',
      'dto.ts:14:3 FW0305 Misfits.name: @minimum needs a number, found a string; bound a string with @minLength, @maxLength, @pattern or @format',
      'dto.ts:16:3 FW0305 Misfits.flag: @maxItems needs an array, found a boolean; remove the tag',
      "dto.ts:18:3 FW0305 Misfits.inner: @uniqueItems needs an array, found the type Inner; put the tag on Inner's own properties or alias",
      'dto.ts:20:3 FW0305 Misfits.tags: @pattern needs a string, found an array; bound an array with @minItems, @maxItems or @uniqueItems',
      'dto.ts:24:3 FW0305 Misfits.maybe: @integer needs a number, found a string or null; remove the tag',
    ]);
  });

  it('FW0306: a value the tag cannot take, with what to write', () => {
    expect(lines.filter((l) => l.includes('FW0306'))).toEqual([
      'dto.ts:29:3 FW0306 BadValues.a: @minLength "one" is not a whole number; write a count, e.g. @minLength 1',
      'dto.ts:31:3 FW0306 BadValues.b: @maxLength "-1" is not a whole number; write a count, e.g. @maxLength 1',
      'dto.ts:33:3 FW0306 BadValues.c: @pattern "([a-z]" does not compile (Invalid regular expression: /([a-z]/u: Unterminated group); write an ECMAScript regular expression, as with the u flag',
      'dto.ts:35:3 FW0306 BadValues.d: @format "phone" is not a format fw checks; use one of email, uri, uuid, date, date-time, ipv4, ipv6',
      'dto.ts:37:3 FW0306 BadValues.e: @minimum "ten" is not a number; write a JSON number, e.g. @minimum 1',
      'dto.ts:39:3 FW0306 BadValues.f: @multipleOf "0" is not above 0; write a positive number',
      'dto.ts:41:3 FW0306 BadValues.g: @integer "yes" takes no value; write @integer alone',
      'dto.ts:46:3 FW0306 BadValues.h: @minLength 5 is above @maxLength 3; no value can pass both',
      'dto.ts:51:3 FW0306 BadValues.i: @minimum 2 is above @maximum 1; no value can pass both',
      'dto.ts:53:3 FW0306 BadValues.j: @pattern "" is empty; write a regular expression',
    ]);
  });

  it('reports nothing else', () => {
    expect(lines.every((l) => / FW030[56] /.test(l))).toBe(true);
  });
});
