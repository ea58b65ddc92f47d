// How values are written: string literals and member access.
import { describe, expect, it } from 'vitest';
import { member, quote } from '../../../cli/emit/layout.js';

describe('quote', () => {
  it.each<[string, { given: string; want: string }]>([
    ['plain', { given: 'order.placed', want: "'order.placed'" }],
    ['double quotes inside', { given: 'expected "a"', want: `'expected "a"'` }],
    ['a single quote: double quotes', { given: "user's", want: `"user's"` }],
    ['more doubles than singles', { given: `it's "x"`, want: `'it\\'s "x"'` }],
    ['a backslash', { given: 'a\\b', want: "'a\\\\b'" }],
    ['line breaks and tabs', { given: 'a\nb\r\tc', want: "'a\\nb\\r\\tc'" }],
    ['other control characters', { given: 'a\u0001b\u2028', want: "'a\\u0001b\\u2028'" }],
    ['non-ASCII kept', { given: 'café', want: "'café'" }],
  ])('%s', (_name, { given, want }) => {
    expect(quote(given)).toBe(want);
  });
});

describe('member', () => {
  it.each<[string, { given: string; want: string }]>([
    ['an identifier', { given: 'place', want: 'c.place' }],
    ['a keyword', { given: 'delete', want: 'c.delete' }],
    ['$ and _', { given: '$get_all', want: 'c.$get_all' }],
    ['non-ASCII letters', { given: 'créer', want: 'c.créer' }],
    ['a dash', { given: 'remove-all', want: "c['remove-all']" }],
    ['a leading digit', { given: '2fa', want: "c['2fa']" }],
  ])('%s', (_name, { given, want }) => {
    expect(member('c', given)).toBe(want);
  });
});
