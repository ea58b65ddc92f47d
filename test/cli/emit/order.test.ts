// Biome's sort orders, ported: names and import sources.
import { describe, expect, it } from 'vitest';
import { compareNames, compareSources } from '../../../cli/emit/order.js';

describe('compareNames', () => {
  it.each<[string, { given: string[]; want: string[] }]>([
    [
      'upper case first, then by letter',
      { given: ['b', 'B', 'a', 'A'], want: ['A', 'a', 'B', 'b'] },
    ],
    [
      'decided at the first case difference',
      { given: ['a_b', 'Ab', 'AB', 'aB'], want: ['AB', 'Ab', 'a_b', 'aB'] },
    ],
    ['numbers by value', { given: ['x10', 'x9', 'x1'], want: ['x1', 'x9', 'x10'] }],
    [
      'suffixes after the plain name',
      { given: ['User_10', 'User_2', 'User'], want: ['User', 'User_2', 'User_10'] },
    ],
    ['_ before $ before digits', { given: ['a1', '$y', '_x'], want: ['_x', '$y', 'a1'] }],
    [
      'what Biome did to runtime/index.ts',
      { given: ['reply', 'redirect', 'Reply'], want: ['Reply', 'redirect', 'reply'] },
    ],
    [
      'type names among values, by name',
      {
        given: ['validator', 'Key', 'join', 'isObject', 'Issues'],
        want: ['Issues', 'isObject', 'join', 'Key', 'validator'],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect([...given].sort(compareNames)).toEqual(want);
  });
});

describe('compareSources', () => {
  it.each<[string, { given: string[]; want: string[] }]>([
    [
      'by kind: protocol, package, alias, path',
      {
        given: ['./a.js', '#internal', 'fw', 'node:fs', '@acme/auth'],
        want: ['node:fs', '@acme/auth', 'fw', '#internal', './a.js'],
      },
    ],
    [
      'a subpath before a longer name',
      { given: ['fw-extra', 'fw/validate', 'fw'], want: ['fw', 'fw/validate', 'fw-extra'] },
    ],
    [
      'farther paths first',
      {
        given: ['./a.js', '../b.js', '..', '../../c.js', '.'],
        want: ['../../c.js', '..', '../b.js', '.', './a.js'],
      },
    ],
    [
      'a folder before a file of the same name',
      { given: ['./a.js', './a/b.js'], want: ['./a/b.js', './a.js'] },
    ],
    [
      'path segments in natural order',
      {
        given: ['./a10.js', './a-b.js', './a2.js', './a_b.js', './A.js'],
        want: ['./A.js', './a_b.js', './a-b.js', './a2.js', './a10.js'],
      },
    ],
    [
      'URLs before protocols',
      { given: ['node:fs', 'https://x.org/m.js'], want: ['https://x.org/m.js', 'node:fs'] },
    ],
  ])('%s', (_name, { given, want }) => {
    expect([...given].sort(compareSources)).toEqual(want);
  });
});
