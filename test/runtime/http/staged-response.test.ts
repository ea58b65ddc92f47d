import { validateHeaderName, validateHeaderValue } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StagedResponse } from '../../../runtime/http/staged-response.js';
import { runs } from '../../fuzz/support.js';
import { thrown } from './multipart-fixtures.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Op = ['set' | 'add', string, string];

/** The headers as they would be sent: name as spelled, every value. */
function sent(res: StagedResponse): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const headers = res.take().headers ?? [];
  for (let i = 0; i < headers.length; i += 3)
    (out[headers[i + 1] as string] ??= []).push(headers[i + 2] as string);
  return out;
}

function apply(res: StagedResponse, ops: readonly Op[]): StagedResponse {
  for (const [op, name, value] of ops) {
    if (op === 'set') res.setHeader(name, value);
    else res.addHeader(name, value);
  }
  return res;
}

describe('setHeader and addHeader', () => {
  // Names are case-insensitive and keep their first spelling; add accumulates, set replaces.
  const cases: Case<Op[], Record<string, string[]>>[] = [
    ['one header', { given: [['set', 'X-Id', '1']], want: { 'X-Id': ['1'] } }],
    [
      'add accumulates in order',
      {
        given: [
          ['add', 'Set-Cookie', 'a=1'],
          ['add', 'set-cookie', 'b=2'],
          ['add', 'SET-COOKIE', 'c=3'],
        ],
        want: { 'Set-Cookie': ['a=1', 'b=2', 'c=3'] },
      },
    ],
    [
      'set replaces every value',
      {
        given: [
          ['add', 'Vary', 'Accept'],
          ['add', 'Vary', 'Origin'],
          ['set', 'vary', 'Cookie'],
        ],
        want: { Vary: ['Cookie'] },
      },
    ],
    [
      'set twice keeps the first spelling',
      {
        given: [
          ['set', 'X-Trace', 'a'],
          ['set', 'x-trace', 'b'],
        ],
        want: { 'X-Trace': ['b'] },
      },
    ],
    [
      'add after set appends',
      {
        given: [
          ['set', 'Link', '</a>'],
          ['add', 'LINK', '</b>'],
        ],
        want: { Link: ['</a>', '</b>'] },
      },
    ],
    [
      'different names stay apart',
      {
        given: [
          ['set', 'A', '1'],
          ['set', 'B', '2'],
        ],
        want: { A: ['1'], B: ['2'] },
      },
    ],
    ['an empty value is kept', { given: [['set', 'X-Empty', '']], want: { 'X-Empty': [''] } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(sent(apply(new StagedResponse(), given))).toEqual(want);
  });

  it('getHeader answers the first value, any case', () => {
    const res = apply(new StagedResponse(), [
      ['add', 'X-A', '1'],
      ['add', 'x-a', '2'],
    ]);
    expect([res.getHeader('X-A'), res.getHeader('x-a'), res.getHeader('x-b')]).toEqual([
      '1',
      '1',
      undefined,
    ]);
  });
});

describe('header injection', () => {
  // A name that is not a token, or a value that would end the line, throws before anything is staged.
  const cases: Case<[string, string], null>[] = [
    ['CRLF in a value', { given: ['X-A', 'a\r\nb'], want: null }],
    ['LF in a value', { given: ['X-A', 'a\nSet-Cookie: x=1'], want: null }],
    ['NUL in a value', { given: ['X-A', 'a\u0000b'], want: null }],
    ['a space in a name', { given: ['bad name', 'x'], want: null }],
    ['a colon in a name', { given: ['X-A:', 'x'], want: null }],
    ['an empty name', { given: ['', 'x'], want: null }],
    ['CRLF in a name', { given: ['X-A\r\nX-B', 'x'], want: null }],
  ];
  it.each(cases)('%s', (_name, { given: [name, value] }) => {
    for (const op of ['set', 'add'] as const) {
      const res = new StagedResponse();
      expect(() => apply(res, [[op, name, value]]), op).toThrow(TypeError);
      expect(sent(res), op).toEqual({});
    }
  });
});

describe('header checks, against Node', () => {
  /** What `fn` throws, as its constructor, code and message; `'ok'` when nothing. */
  const outcome = (fn: () => void): string => {
    try {
      fn();
      return 'ok';
    } catch (err) {
      const e = err as Error & { code?: string };
      return `${e.constructor.name} ${e.code} ${e.message}`;
    }
  };
  const node = (name: string, value: string) =>
    outcome(() => {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    });
  // Strings made of the characters at either side of every range the checks draw a line at.
  const edges = [0, 8, 9, 10, 13, 31, 32, 33, 34, 40, 44, 58, 64, 65, 91, 94, 96, 123, 124, 126];
  const codes = [...edges, 127, 128, 160, 255, 256, 0x2028, 0xd800, 0xfeff];
  const char = fc.constantFrom(...codes.map((c) => String.fromCharCode(c)), 'a', 'Z', '-', '0');
  const text = fc.array(char, { maxLength: 6 }).map((cs) => cs.join(''));

  it('stages exactly what Node would send, and throws what Node throws otherwise', () => {
    fc.assert(
      fc.property(
        text,
        text,
        fc.constantFrom('set', 'add') as fc.Arbitrary<Op[0]>,
        (name, value, op) => {
          const res = new StagedResponse();
          expect(outcome(() => apply(res, [[op, name, value]]))).toBe(node(name, value));
        },
      ),
      { numRuns: runs(2000) },
    );
  });

  it('agrees with Node on every single character, as a name and as a value', () => {
    for (let c = 0; c <= 0x2030; c++) {
      const s = String.fromCharCode(c);
      const res = new StagedResponse();
      expect(
        outcome(() => res.setHeader(s, 'v')),
        `name ${c}`,
      ).toBe(node(s, 'v'));
      expect(
        outcome(() => res.setHeader('x', s)),
        `value ${c}`,
      ).toBe(node('x', s));
    }
  });
});

describe('writeStatus', () => {
  // Only an integer from 100 to 599; anything else is FW_ERR_INVALID_STATUS and changes nothing.
  const valid: Case<number, number>[] = [
    ['100', { given: 100, want: 100 }],
    ['200', { given: 200, want: 200 }],
    ['599', { given: 599, want: 599 }],
  ];
  it.each(valid)('%s is written', (_name, { given, want }) => {
    const res = new StagedResponse();
    res.writeStatus(given);
    expect([res.status(), res.take().status]).toEqual([want, want]);
  });

  const invalid: Case<number, string>[] = [
    ['99', { given: 99, want: 'invalid HTTP response status 99; use an integer from 100 to 599' }],
    [
      '600',
      { given: 600, want: 'invalid HTTP response status 600; use an integer from 100 to 599' },
    ],
    [
      '1.5',
      { given: 1.5, want: 'invalid HTTP response status 1.5; use an integer from 100 to 599' },
    ],
    [
      '200.5',
      { given: 200.5, want: 'invalid HTTP response status 200.5; use an integer from 100 to 599' },
    ],
    [
      'NaN',
      {
        given: Number.NaN,
        want: 'invalid HTTP response status NaN; use an integer from 100 to 599',
      },
    ],
    ['0', { given: 0, want: 'invalid HTTP response status 0; use an integer from 100 to 599' }],
  ];
  it.each(invalid)('%s is refused', (_name, { given, want }) => {
    const res = new StagedResponse();
    res.writeStatus(201);
    const err = thrown(() => res.writeStatus(given));
    expect([err.code, err.message]).toEqual(['FW_ERR_INVALID_STATUS', want]);
    expect(res.status()).toBe(201);
  });
});

describe('isCommitted', () => {
  // True once a status was written, or once the response was taken to be sent.
  it('is false for a fresh response and after headers alone', () => {
    const res = new StagedResponse();
    res.setHeader('X-A', '1');
    res.body = 'x';
    expect(res.isCommitted()).toBe(false);
  });

  it('is true after writeStatus', () => {
    const res = new StagedResponse();
    res.writeStatus(204);
    expect(res.isCommitted()).toBe(true);
  });

  it('is true after take', () => {
    const res = new StagedResponse();
    res.take();
    expect(res.isCommitted()).toBe(true);
  });
});

describe('checkpoint and rollback', () => {
  // Rollback returns to the checkpoint: later headers and status go, earlier ones stay, the body goes.
  it('drops what came after the checkpoint and keeps what came before', () => {
    const res = new StagedResponse();
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.addHeader('Vary', 'Origin');
    res.checkpoint();
    res.addHeader('Vary', 'Accept');
    res.setHeader('X-After', '1');
    res.setHeader('access-control-allow-origin', 'https://a.example');
    res.writeStatus(201);
    res.body = '{"ok":true}';
    res.rollback();
    expect(res.status()).toBe(0);
    expect(res.isCommitted()).toBe(false);
    expect(res.body).toBeUndefined();
    expect(sent(res)).toEqual({ 'Access-Control-Allow-Origin': ['*'], Vary: ['Origin'] });
  });

  it('keeps a status written before the checkpoint', () => {
    const res = new StagedResponse();
    res.writeStatus(401);
    res.checkpoint();
    res.writeStatus(200);
    res.rollback();
    expect([res.status(), res.isCommitted()]).toEqual([401, true]);
  });

  it('can roll back twice to the same point', () => {
    const res = new StagedResponse();
    res.setHeader('X-Before', '1');
    res.checkpoint();
    res.setHeader('X-After', '1');
    res.rollback();
    res.setHeader('X-Again', '1');
    res.rollback();
    expect(sent(res)).toEqual({ 'X-Before': ['1'] });
  });

  it('without a checkpoint drops only the body', () => {
    const res = new StagedResponse();
    res.setHeader('X-A', '1');
    res.writeStatus(202);
    res.body = 'x';
    res.rollback();
    expect([res.status(), res.body]).toEqual([202, undefined]);
    expect(sent(res)).toEqual({ 'X-A': ['1'] });
  });
});

describe('keptHeaders()', () => {
  it('is every header before a checkpoint, and those of the checkpoint after it', () => {
    const res = new StagedResponse();
    expect(res.keptHeaders()).toBeUndefined();
    res.setHeader('Vary', 'Origin');
    expect(res.keptHeaders()).toEqual(['vary', 'Vary', 'Origin']);
    res.checkpoint();
    res.setHeader('X-Late', '1');
    expect(res.keptHeaders()).toEqual(['vary', 'Vary', 'Origin']);
  });
});
