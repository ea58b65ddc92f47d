// validator, fail and prefix: running a checker and building issue paths.
import type { ValidationIssue } from 'fw/core';
import { fail, type Issues, isObject, type Key, prefix, string, validator } from 'fw/validate';
import { describe, expect, it } from 'vitest';

describe('fail', () => {
  it.each<[string, { given: [unknown, Key, string]; want: ValidationIssue }]>([
    [
      'a property',
      {
        given: [5, 'sku', 'expected a string'],
        want: { path: 'sku', message: 'expected a string' },
      },
    ],
    [
      'an index',
      { given: [5, 2, 'expected a string'], want: { path: '[2]', message: 'expected a string' } },
    ],
    [
      'the root',
      { given: [5, '', 'expected an object'], want: { path: '', message: 'expected an object' } },
    ],
    [
      'absent: is required',
      {
        given: [undefined, 'qty', 'expected a number'],
        want: { path: 'qty', message: 'is required' },
      },
    ],
  ])('%s', (_name, { given: [v, key, want], want: issue }) => {
    const issues: ValidationIssue[] = [];
    expect(fail(v, issues, key, want)).toBeUndefined();
    expect(issues).toStrictEqual([issue]);
  });
});

describe('prefix', () => {
  const found = (...paths: string[]): Issues => paths.map((path) => ({ path, message: 'm' }));

  it.each<[string, { given: [string[], Key]; want: string[] }]>([
    ['a property under a property', { given: [['city'], 'address'], want: ['address.city'] }],
    ['an index under a property', { given: [['[2]'], 'items'], want: ['items[2]'] }],
    ['a property under an index', { given: [['sku'], 2], want: ['[2].sku'] }],
    ['an index under an index', { given: [['[0]'], 1], want: ['[1][0]'] }],
    ['the container itself', { given: [[''], 'note'], want: ['note'] }],
    ['under the root: unchanged', { given: [['items[2].sku'], ''], want: ['items[2].sku'] }],
  ])('%s', (_name, { given: [paths, key], want }) => {
    const issues = found(...paths);
    prefix(issues, 0, key, undefined);
    expect(issues.map((i) => i.path)).toEqual(want);
  });

  it('leaves the issues before the nth alone and returns the value', () => {
    const issues = found('a', 'b');
    const value = {};
    expect(prefix(issues, 1, 'x', value)).toBe(value);
    expect(issues.map((i) => i.path)).toEqual(['a', 'x.b']);
  });

  it('keeps each message', () => {
    const issues: Issues = [{ path: 'qty', message: 'expected a number' }];
    prefix(issues, 0, 'line', null);
    expect(issues).toStrictEqual([{ path: 'line.qty', message: 'expected a number' }]);
  });
});

describe('validator', () => {
  function checkName(v: unknown, issues: Issues, key: Key): unknown {
    if (!isObject(v)) return fail(v, issues, key, 'expected an object');
    const n = issues.length;
    return prefix(issues, n, key, { name: string(v['name'], issues, 'name') });
  }
  const validate = validator(checkName);

  it('answers the checked value', () => {
    expect(validate({ name: 'Ada', extra: 1 })).toStrictEqual({ ok: true, value: { name: 'Ada' } });
  });

  it('answers every issue, paths from the root', () => {
    expect(validate({ name: 1 })).toStrictEqual({
      ok: false,
      issues: [{ path: 'name', message: 'expected a string' }],
    });
  });

  it('starts each run with no issues', () => {
    validate({});
    expect(validate({ name: 'x' }).ok).toBe(true);
  });

  it('reports the root with the empty path', () => {
    expect(validate('x')).toStrictEqual({
      ok: false,
      issues: [{ path: '', message: 'expected an object' }],
    });
  });
});
