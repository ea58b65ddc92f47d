import { afterEach, describe, expect, it } from 'vitest';
import { decodeBody } from '../../../runtime/http/decode-body.js';
import { thrown } from './multipart-fixtures.js';

const FORM = 'application/x-www-form-urlencoded';
const SUPPORTED = 'send application/json or application/x-www-form-urlencoded';
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
/** The key that the hostile bodies try to add to `Object.prototype`. */
const POLLUTED = 'polluted';
const BAD_UTF8 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);

const J = 'application/json';
type Problem = { code: string; status: number; message: string };
const malformed = (reason: string, kind = 'JSON'): Problem => ({
  code: 'FW_ERR_BODY_MALFORMED',
  status: 400,
  message: `Malformed ${kind} body: ${reason}`,
});
const unsupported = (type: string, send = SUPPORTED): Problem => ({
  code: 'FW_ERR_UNSUPPORTED_MEDIA_TYPE',
  status: 415,
  message: `Content-Type '${type}' is not supported here; ${send}`,
});
const required: Problem = {
  code: 'FW_ERR_BODY_REQUIRED',
  status: 400,
  message: 'Request body is required',
};
const inUtf8 = (type: string): string => `send ${type} in UTF-8 (charset=utf-8)`;

type Row<W> = [name: string, type: string | undefined, body: string | Uint8Array, want: W];

const decodes: Row<unknown>[] = [
  ['a JSON object', J, '{"a":1,"b":[true,null]}', { a: 1, b: [true, null] }],
  ['a JSON scalar', J, ' 42 ', 42],
  ['JSON null', J, 'null', null],
  ['upper-case type and charset', 'Application/JSON; charset=UTF-8', '{"a":1}', { a: 1 }],
  ['a quoted charset', 'application/json; charset="utf-8"', '[1]', [1]],
  ['the utf8 label', 'application/json;charset=utf8', '[1]', [1]],
  ['other parameters', 'application/json; profile="x;y"; q=1', '[1]', [1]],
  ['a +json type', 'application/vnd.api+json', '{"data":{}}', { data: {} }],
  ['a problem+json type', 'application/problem+json', '{"status":400}', { status: 400 }],
  ['UTF-8 text', J, '{"name":"Zoë ✓"}', { name: 'Zoë ✓' }],
  ['a byte order mark', J, '\ufeff{"a":1}', { a: 1 }],
  ['escapes spelling nothing risky', J, '{"\\u0061":"\\u00e9"}', { a: 'é' }],
  ['a form', FORM, 'a=1&b=x+y&c=%E2%9C%93', { a: '1', b: 'x y', c: '✓' }],
  ['a form: first value wins', FORM, 'a=1&a=2&b=&c', { a: '1', b: '', c: '' }],
  ['a form with charset', `${FORM}; charset=UTF-8`, 'a=1', { a: '1' }],
  ['an empty form', FORM, '', {}],
  ['a form key starting with ?', FORM, '?a=1', { '?a': '1' }],
  ['a form: bad percent-escapes', FORM, 'a=%FF&b=%zz', { a: '\ufffd', b: '%zz' }],
  // Node 20's URLSearchParams garbles this mix of an invalid escape and raw non-ASCII text.
  [
    'a form: invalid escape beside raw non-ASCII',
    FORM,
    'a=%A9😀&b=é%A9',
    { a: '\ufffd😀', b: 'é\ufffd' },
  ],
];

const refuses: Row<Problem>[] = [
  ['an empty JSON body', J, '', required],
  ['a blank JSON body', J, ' \r\n\t', required],
  ['an empty body without a type', undefined, '', required],
  ['truncated JSON', J, '{"a":', malformed('Unexpected end of JSON input')],
  ['bad UTF-8 in JSON', J, BAD_UTF8, malformed('not valid UTF-8')],
  [
    'bad UTF-8 in a form',
    FORM,
    new Uint8Array([0x61, 0x3d, 0xc3]),
    malformed('not valid UTF-8', 'form'),
  ],
  ['a body without a type', undefined, '{"a":1}', unsupported('(none)')],
  ['a blank type', '  ', '{"a":1}', unsupported('(none)')],
  ['text/plain', 'text/plain; charset=utf-8', '{"a":1}', unsupported('text/plain')],
  ['application/xml', 'application/xml', '<a/>', unsupported('application/xml')],
  ['a +json lookalike', 'application/json+xml', '{}', unsupported('application/json+xml')],
  ['multipart', 'multipart/form-data; boundary=x', '', unsupported('multipart/form-data')],
  ['a type that is no media type', 'json', '{}', unsupported('json')],
  [
    'charset=latin1',
    `${J}; charset=latin1`,
    '{"a":1}',
    unsupported(`${J}; charset=latin1`, inUtf8(J)),
  ],
  [
    'a form in ISO-8859-1',
    `${FORM}; Charset="ISO-8859-1"`,
    'a=1',
    unsupported(`${FORM}; charset=iso-8859-1`, inUtf8(FORM)),
  ],
];

const asBytes = (body: string | Uint8Array): Uint8Array =>
  typeof body === 'string' ? utf8(body) : body;

describe('decodeBody', () => {
  it.each(decodes)('decodes %s', (_name, type, body, want) => {
    expect(decodeBody(asBytes(body), type)).toEqual(want);
  });

  it.each(refuses)('refuses %s', (_name, type, body, want) => {
    const err = thrown(() => decodeBody(asBytes(body), type));
    expect({ code: err.code, status: err.status, message: err.message }).toEqual(want);
  });

  it("gives the parser's reason for malformed JSON", () => {
    const err = thrown(() => decodeBody(utf8('{a:1}'), J));
    expect(err).toMatchObject({ code: 'FW_ERR_BODY_MALFORMED', status: 400 });
    // The wording is V8's and varies between Node versions.
    expect(err.message).toMatch(
      /^Malformed JSON body: Expected property name or '}' in JSON at position 1/,
    );
  });

  it('names the JSON error without quoting the body', () => {
    const body = '{"a":1,"b":nope,"secret":"do-not-echo-this-text-back-to-the-client"}';
    const err = thrown(() => decodeBody(utf8(body), J));
    expect(err).toMatchObject({ code: 'FW_ERR_BODY_MALFORMED', status: 400 });
    expect(err.message).toBe("Malformed JSON body: Unexpected token 'o'");
  });

  it('shortens a long type it refuses', () => {
    const err = thrown(() => decodeBody(utf8('x'), `text/${'x'.repeat(300)}`));
    expect(err.message).toBe(
      `Content-Type 'text/${'x'.repeat(95)}…' is not supported here; ${SUPPORTED}`,
    );
  });
});

describe('decodeBody and prototype pollution', () => {
  afterEach(() => {
    const polluted = Object.hasOwn(Object.prototype, POLLUTED);
    delete (Object.prototype as Record<string, unknown>)[POLLUTED];
    expect(polluted).toBe(false);
  });

  const json: [name: string, body: string, want: unknown][] = [
    ['__proto__ at the top', '{"__proto__":{"polluted":1},"a":1}', { a: 1 }],
    ['__proto__ nested', '{"x":[{"__proto__":{"polluted":1}}]}', { x: [{}] }],
    ['__proto__ spelled with escapes', '{"\\u005f_proto\\u005F_":{"polluted":1}}', {}],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":1}}}', {}],
    [
      'constructor spelled with an escape',
      '{"\\u0063onstructor":{"prototype":{"polluted":1}}}',
      {},
    ],
    [
      '__proto__ spelled with an escape after a harmless one',
      '{"\\u00e9":1,"\\u005f_proto__":{"polluted":1}}',
      { é: 1 },
    ],
    [
      'a harmless constructor key',
      '{"constructor":"Ford","prototype":1}',
      { constructor: 'Ford', prototype: 1 },
    ],
  ];

  it.each(json)('JSON: drops %s', (_name, body, want) => {
    const got = decodeBody(utf8(body), J);
    expect(got).toEqual(want);
    assertPlain(got);
    naiveMerge({}, got);
  });

  it('form: drops __proto__ and keeps constructor and prototype as own strings', () => {
    const got = decodeBody(utf8('__proto__=x&constructor=c&prototype=p&toString=t&a=1'), FORM);
    expect(Object.entries(got as object)).toEqual([
      ['constructor', 'c'],
      ['prototype', 'p'],
      ['toString', 't'],
      ['a', '1'],
    ]);
    assertPlain(got);
    naiveMerge({}, got);
  });

  it('form: __proto__[polluted] is an ordinary key', () => {
    const got = decodeBody(utf8('__proto__[polluted]=1&constructor[prototype][polluted]=1'), FORM);
    expect(Object.keys(got as object)).toEqual([
      '__proto__[polluted]',
      'constructor[prototype][polluted]',
    ]);
    assertPlain(got);
  });
});

describe('the pollution tests above', () => {
  it('would catch a parser without the guard: a naive merge of plain JSON.parse pollutes', () => {
    try {
      naiveMerge({}, JSON.parse('{"__proto__":{"polluted":1}}'));
      expect(({} as Record<string, unknown>)[POLLUTED]).toBe(1);
    } finally {
      delete (Object.prototype as Record<string, unknown>)[POLLUTED];
    }
  });
});

/** The decoded value and every object in it are plain, with no own `__proto__`. */
function assertPlain(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  expect(Object.getPrototypeOf(value)).toBe(
    Array.isArray(value) ? Array.prototype : Object.prototype,
  );
  expect(Object.hasOwn(value, '__proto__')).toBe(false);
  for (const item of Object.values(value)) assertPlain(item);
}

/** The kind of deep merge that a stray `__proto__` or `constructor.prototype` pollutes. */
function naiveMerge(target: Record<string, unknown>, source: unknown): void {
  if (typeof source !== 'object' || source === null) return;
  for (const key in source) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null) {
      target[key] ??= {};
      naiveMerge(target[key] as Record<string, unknown>, value);
    } else {
      target[key] = value;
    }
  }
}
