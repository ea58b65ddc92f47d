// array, record, isObject, own and put: the containers generated code leans on.
import type { ValidationIssue } from 'fw/core';
import { array, isObject, number, own, put, record, string } from 'fw/validate';
import { describe, expect, it } from 'vitest';

type Case = [name: string, { given: unknown; want: { value: unknown; issues: ValidationIssue[] } }];

const issue = (path: string, message: string): ValidationIssue => ({ path, message });

describe('array', () => {
  const run = (given: unknown) => {
    const issues: ValidationIssue[] = [];
    return { value: array(given, issues, 'tags', string), issues };
  };

  it.each<Case>([
    ['every item valid', { given: ['a', 'b'], want: { value: ['a', 'b'], issues: [] } }],
    ['empty', { given: [], want: { value: [], issues: [] } }],
    [
      'each bad item, with its index',
      {
        given: ['a', 1, 'c', null],
        want: {
          value: ['a', undefined, 'c', undefined],
          issues: [issue('tags[1]', 'expected a string'), issue('tags[3]', 'expected a string')],
        },
      },
    ],
    [
      'not an array',
      { given: 'a', want: { value: undefined, issues: [issue('tags', 'expected an array')] } },
    ],
    [
      'an object',
      {
        given: { 0: 'a' },
        want: { value: undefined, issues: [issue('tags', 'expected an array')] },
      },
    ],
    [
      'absent',
      { given: undefined, want: { value: undefined, issues: [issue('tags', 'is required')] } },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(run(given)).toStrictEqual(want);
  });

  it('returns the input when no item changed', () => {
    const given = ['a'];
    expect(array(given, [], 'tags', string)).toBe(given);
  });

  it('copies from the first item that changed', () => {
    const given = ['2024-01-01', '2024-01-02'];
    const out = array(given, [], 'days', (v) => new Date(v as string));
    expect(out).not.toBe(given);
    expect(out).toStrictEqual([new Date('2024-01-01'), new Date('2024-01-02')]);
  });

  it('paths the items of a root array by their index', () => {
    const issues: ValidationIssue[] = [];
    array([1, 'x'], issues, '', number);
    expect(issues).toStrictEqual([issue('[1]', 'expected a number')]);
  });

  it('leaves the issues found before it alone', () => {
    const issues = [issue('before', 'm')];
    array(['x'], issues, 'n', number);
    expect(issues).toStrictEqual([issue('before', 'm'), issue('n[0]', 'expected a number')]);
  });
});

describe('record', () => {
  const run = (given: unknown) => {
    const issues: ValidationIssue[] = [];
    return { value: record(given, issues, 'stock', number), issues };
  };

  it.each<Case>([
    ['every value valid', { given: { a: 1, b: 2 }, want: { value: { a: 1, b: 2 }, issues: [] } }],
    ['empty', { given: {}, want: { value: {}, issues: [] } }],
    [
      'a bad value, by key',
      {
        given: { a: 1, 'b c': 'x' },
        want: {
          value: { a: 1, 'b c': undefined },
          issues: [issue('stock.b c', 'expected a number')],
        },
      },
    ],
    [
      'an array',
      { given: [1], want: { value: undefined, issues: [issue('stock', 'expected an object')] } },
    ],
    [
      'null',
      { given: null, want: { value: undefined, issues: [issue('stock', 'expected an object')] } },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(run(given)).toStrictEqual(want);
  });

  it('copies own keys only', () => {
    const given = Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 });
    expect(record(given, [], '', number)).toStrictEqual({ own: 2 });
  });

  it('keeps __proto__ as an own key and leaves the prototype alone', () => {
    const given = JSON.parse('{"__proto__": 1, "constructor": 2, "prototype": 3}');
    const out = record(given, [], '', number) as object;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.entries(out)).toEqual([
      ['__proto__', 1],
      ['constructor', 2],
      ['prototype', 3],
    ]);
  });
});

describe('isObject', () => {
  it.each<[string, { given: unknown; want: boolean }]>([
    ['an object', { given: { a: 1 }, want: true }],
    ['an empty object', { given: {}, want: true }],
    ['an array', { given: [], want: false }],
    ['null', { given: null, want: false }],
    ['a string', { given: 'x', want: false }],
    ['undefined', { given: undefined, want: false }],
  ])('%s', (_name, { given, want }) => {
    expect(isObject(given)).toBe(want);
  });
});

describe('own and put', () => {
  it('reads an own property', () => {
    expect(own({ constructor: 'c' }, 'constructor')).toBe('c');
  });

  it('reads an inherited one as absent', () => {
    expect(own({}, 'constructor')).toBeUndefined();
    expect(own({}, '__proto__')).toBeUndefined();
  });

  it('puts __proto__ as an own data property', () => {
    const o: Record<string, unknown> = {};
    put(o, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(Object.keys(o)).toEqual(['__proto__']);
    expect(o['polluted']).toBeUndefined();
  });

  it('puts any other name by assignment', () => {
    const o: Record<string, unknown> = {};
    put(o, 'a', 1);
    expect(o).toStrictEqual({ a: 1 });
  });
});
