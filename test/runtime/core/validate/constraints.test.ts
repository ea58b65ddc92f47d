// The constraint helpers of fw/validate: code point lengths, JSON equality, multiples, formats.
import { chars, formats, multipleOf, unique } from 'fw/validate';
import { describe, expect, it } from 'vitest';

describe('chars', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['a😀b', 3],
    ['😀😀', 2],
    ['\ud800', 1],
    ['\ud800a', 2],
    ['\udc00\ud800', 2],
  ])('%j has %i code points', (given, want) => {
    expect(chars(given)).toBe(want);
  });
});

describe('unique', () => {
  it.each([
    [[], true],
    [[1, '1', true, null], true],
    [[0, -0], false],
    [['a', 'b', 'a'], false],
    [
      [
        { a: 1, b: [1, { c: 2 }] },
        { b: [1, { c: 2 }], a: 1 },
      ],
      false,
    ],
    [[{ a: 1 }, { a: 1, b: 1 }], true],
    [[{ a: undefined }, { b: undefined }], true],
    [
      [
        [1, 2],
        [2, 1],
      ],
      true,
    ],
    [
      [
        [1, [2]],
        [1, [2]],
      ],
      false,
    ],
    [[[], {}], true],
  ])('%j: %s', (given, want) => {
    expect(unique(given)).toBe(want);
  });
});

describe('multipleOf', () => {
  it.each([
    [10, 5, true],
    [-10, 5, true],
    [0, 0.1, true],
    [0.3, 0.1, true],
    [19.99, 0.01, true],
    [0.35, 0.1, false],
    [7, 5, false],
    [1e300, 7, true],
  ])('%d of %d: %s', (v, m, want) => {
    expect(multipleOf(v, m)).toBe(want);
  });
});

describe('formats', () => {
  const cases: [keyof typeof formats, string[], string[]][] = [
    [
      'email',
      ['ann@example.com', 'a.b+c@x-y.co', "o'neil@ex.io", 'a@b'],
      ['ann', 'ann@', '@x.io', 'a b@x.io', 'a@-x.io', 'a@x-.io', 'a@x..io', 'ann@ex.io '],
    ],
    [
      'uri',
      ['https://example.com/a?b#c', 'mailto:a@b', 'urn:isbn:0451450523', 'x:'],
      ['/a/b', 'example.com', '1x:y', 'https://a b', ''],
    ],
    [
      'uuid',
      ['123e4567-e89b-12d3-a456-426614174000', '00000000-0000-0000-0000-000000000000'],
      [
        '123e4567e89b12d3a456426614174000',
        '123e4567-e89b-12d3-a456-42661417400',
        '{123e4567-e89b-12d3-a456-426614174000}',
      ],
    ],
    [
      'date',
      ['2024-02-29', '2000-02-29', '0000-01-01', '9999-12-31'],
      ['2023-02-29', '1900-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024-1-1'],
    ],
    [
      'date-time',
      [
        '2024-05-31T12:00:00Z',
        '2024-05-31t12:00:00.5z',
        '2024-05-31T23:59:60+14:00',
        '2024-05-31T00:00:00.123456789123-00:30',
      ],
      [
        '2024-05-31T12:00Z',
        '2024-05-31T12:00:00',
        '2024-05-31 12:00:00Z',
        '2024-05-31T24:00:00Z',
        '2024-05-31T12:00:00+0530',
      ],
    ],
    [
      'ipv4',
      ['0.0.0.0', '255.255.255.255', '10.0.1.99'],
      ['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.04', ' 1.2.3.4'],
    ],
    [
      'ipv6',
      ['::', '::1', '2001:db8::ff00:42:8329', '1:2:3:4:5:6:7:8', 'FE80::1', '::ffff:192.0.2.128'],
      ['1::2::3', '12345::', '1:2:3:4:5:6:7:8:9', 'g::1', '::ffff:256.0.0.1', '1.2.3.4'],
    ],
  ];
  describe.each(cases)('%s', (name, good, bad) => {
    it.each(good)('accepts %j', (s) => {
      expect(formats[name].test(s)).toBe(true);
    });
    it.each(bad)('refuses %j', (s) => {
      expect(formats[name].test(s)).toBe(false);
    });
  });
});
