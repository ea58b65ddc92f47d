// A `Date`'s schema at the edges of the calendar and of the syntax: ajv, whether it
// takes `format` as an annotation or checks it, accepts a string exactly when fw's `date` does.
import { describe, expect, it } from 'vitest';
import { componentNames, componentSchemas } from '../../../cli/api-documents/schemas.js';
import { date } from '../../../runtime/core/validate/checks.js';
import { named, s } from '../emit/builder.js';
import { judges, REF_BASE } from './schema-ajv.js';

const types = [named('src/dto#When', s.date)];
const schemas = componentSchemas(types, componentNames(types), REF_BASE);
const annotated = judges(schemas, 'annotations')('When');
const asserted = judges(schemas, 'asserted')('When');

const cases: [string, boolean][] = [
  ['2024-05-31', true],
  ['2000-02-29', true],
  ['0000-02-29', true],
  ['2024-02-29', true],
  ['1900-02-29', false],
  ['2023-02-29', false],
  ['2024-04-31', false],
  ['2024-00-10', false],
  ['2024-13-10', false],
  ['2024-01-00', false],
  ['2024-1-01', false],
  ['+2024-01-01', false],
  ['12024-01-01', false],
  ['2024-12-31T23:59Z', true],
  ['2024-12-31T23:59:59Z', true],
  ['2024-12-31T00:00:00.123456789+05:30', true],
  ['2024-12-31T00:00-23:59', true],
  ['2024-12-31T24:00Z', false],
  ['2024-12-31T23:60Z', false],
  ['2024-12-31T23:59:60Z', false],
  ['2024-12-31T00:00:00.1234567890Z', false],
  ['2024-12-31t23:59:59z', false],
  ['2024-12-31 23:59:59Z', false],
  ['2024-12-31T23:59:59', false],
  ['2024-12-31T23:59:59+0530', false],
  ['2024-12-31T23:59:59+24:00', false],
  ['2023-02-29T10:00Z', false],
  ['2024-05-31\n', false],
  ['', false],
];

describe('the schema of a Date', () => {
  it.each(cases)('%j: %s', (text, want) => {
    expect(date(text, [], '') !== undefined).toBe(want);
    expect(annotated(text)).toBe(want);
    expect(asserted(text)).toBe(want);
  });

  it('is a string', () => {
    for (const v of [20240531, null, {}, []]) {
      expect([annotated(v), asserted(v)]).toEqual([false, false]);
    }
  });
});
