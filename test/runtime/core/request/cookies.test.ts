import { webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { parseCookies } from '../../../../runtime/core/request/cookies.js';

type Case<G, W> = [name: string, { given: G; want: W }];

/** A plain copy, so that `toEqual` also sees an own `__proto__` key. */
const entries = (cookies: Readonly<Record<string, string>>) => Object.entries(cookies);

// Spine v0.5.1 snapshot: Cookie headers give name → value, the first occurrence of a name winning.
describe('parseCookies()', () => {
  const cases: Case<string[], [string, string][]>[] = [
    ['no header', { given: [], want: [] }],
    ['one pair', { given: ['a=1'], want: [['a', '1']] }],
    [
      'pairs in order',
      {
        given: ['a=1; b=2;c=3'],
        want: [
          ['a', '1'],
          ['b', '2'],
          ['c', '3'],
        ],
      },
    ],
    ['first occurrence wins', { given: ['a=1; a=2'], want: [['a', '1']] }],
    [
      'first header wins',
      {
        given: ['a=1', 'a=2; b=3'],
        want: [
          ['a', '1'],
          ['b', '3'],
        ],
      },
    ],
    ['quoted value unquoted', { given: ['a="x y"'], want: [['a', 'x y']] }],
    ['one pair of quotes only', { given: ['a=""x""'], want: [['a', '"x"']] }],
    ['a lone quote kept', { given: ['a="'], want: [['a', '"']] }],
    ['empty value', { given: ['a='], want: [['a', '']] }],
    ['empty quoted value', { given: ['a=""'], want: [['a', '']] }],
    ['= inside the value', { given: ['a=b=c'], want: [['a', 'b=c']] }],
    ['not percent-decoded', { given: ['a=%41'], want: [['a', '%41']] }],
    [
      'spaces trimmed',
      {
        given: ['  a = 1 ;b=2  '],
        want: [
          ['a', '1'],
          ['b', '2'],
        ],
      },
    ],
    ['a pair without = skipped', { given: ['flag; a=1'], want: [['a', '1']] }],
    ['an empty name skipped', { given: ['=1; a=2'], want: [['a', '2']] }],
    ['empty pairs skipped', { given: [';; a=1;'], want: [['a', '1']] }],
    [
      'names are case-sensitive',
      {
        given: ['A=1; a=2'],
        want: [
          ['A', '1'],
          ['a', '2'],
        ],
      },
    ],
    [
      '__proto__ is just a name',
      {
        given: ['__proto__=x; a=1'],
        want: [
          ['__proto__', 'x'],
          ['a', '1'],
        ],
      },
    ],
    ['constructor is just a name', { given: ['constructor=x'], want: [['constructor', 'x']] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(entries(parseCookies(given))).toEqual(want);
  });
});

// API.md section 4: cookie(name) and cookies() of a WebSocket message context read its upgrade request.
describe('cookie() and cookies() of a message context', () => {
  const ctx = (cookie: string | string[]) =>
    webSocketContext({ path: '/ws', request: { url: '/ws', headers: { Cookie: cookie } } });

  const cases: Case<{ header: string | string[]; name: string }, string | undefined>[] = [
    ['present', { given: { header: 'sid=abc', name: 'sid' }, want: 'abc' }],
    ['first occurrence wins', { given: { header: 'sid=1; sid=2', name: 'sid' }, want: '1' }],
    ['first Cookie header wins', { given: { header: ['sid=1', 'sid=2'], name: 'sid' }, want: '1' }],
    ['quoted', { given: { header: 'sid="abc"', name: 'sid' }, want: 'abc' }],
    ['absent', { given: { header: 'sid=abc', name: 'other' }, want: undefined }],
    ['toString is absent', { given: { header: 'sid=abc', name: 'toString' }, want: undefined }],
    ['__proto__ absent', { given: { header: 'sid=abc', name: '__proto__' }, want: undefined }],
    ['__proto__ present', { given: { header: '__proto__=x', name: '__proto__' }, want: 'x' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(ctx(given.header).cookie(given.name)).toBe(want);
  });

  it('keeps a __proto__ cookie as an own key and leaves Object.prototype alone', () => {
    const cookies = ctx('__proto__=x; polluted=yes').cookies();
    expect(Object.keys(cookies)).toEqual(['__proto__', 'polluted']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
