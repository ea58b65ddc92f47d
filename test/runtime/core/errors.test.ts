import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ERRORS, FwError, HttpError, problemOf } from '../../../runtime/core/errors.js';
import { STATUS_TITLES } from '../../../runtime/core/status-titles.js';

const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
const rows = [...doc.matchAll(/^\| `(FW_ERR_[A-Z_]+)` \| (\d{3}) \| (.+) \|$/gm)].map((m) => ({
  code: m[1] as string,
  status: Number(m[2]),
  message: m[3] as string,
}));
const placeholders = new Proxy({}, { get: (_t, key) => `<${String(key)}>` });

describe('docs/errors.md', () => {
  it('lists every code of the catalog, and nothing else', () => {
    expect(rows.map((r) => r.code).sort()).toEqual(Object.keys(ERRORS).sort());
  });

  it.each(rows)('$code has the catalog status and message', ({ code, status, message }) => {
    const entry = ERRORS[code as keyof typeof ERRORS];
    expect(entry.status).toBe(status);
    expect((entry.message as (p: unknown) => string)(placeholders)).toBe(
      message.replace(/\\\|/g, '|'),
    );
  });
});

describe('FwError', () => {
  it('carries its code, status and message, without the code in the message', () => {
    const err = new FwError('FW_ERR_INVALID_PATH_PARAM', { key: 'id' });
    expect(err).toBeInstanceOf(HttpError);
    expect([err.code, err.status, err.message, err.detail]).toEqual([
      'FW_ERR_INVALID_PATH_PARAM',
      400,
      'Invalid path parameter: id',
      'Invalid path parameter: id',
    ]);
  });

  it.each([
    [
      'a 4xx shows its detail',
      new FwError('FW_ERR_BODY_TOO_LARGE', { limit: 10 }),
      413,
      'Content Too Large',
      'Request body exceeds the limit of 10 bytes',
    ],
    [
      'a 500 of fw shows nothing of itself',
      new FwError('FW_ERR_PATH_PARAM_MISSING', { key: 'secret' }),
      500,
      'Internal Server Error',
      'Internal Server Error',
    ],
    [
      'a 503 of fw keeps its status and detail',
      new FwError('FW_ERR_SHUTTING_DOWN'),
      503,
      'Service Unavailable',
      'The server is shutting down; retry on another instance',
    ],
    [
      'an HttpError shows its detail, 5xx too',
      new HttpError(503, 'down for maintenance'),
      503,
      'Service Unavailable',
      'down for maintenance',
    ],
    [
      'any other error is a bare 500',
      new Error('db password is hunter2'),
      500,
      'Internal Server Error',
      'Internal Server Error',
    ],
  ])('%s', (_name, err, status, title, detail) => {
    const code = status === 500 ? 'FW_ERR_INTERNAL' : err instanceof FwError ? err.code : undefined;
    const want = { type: 'about:blank', title, status, detail };
    expect(problemOf(err)).toEqual(code === undefined ? want : { ...want, code });
  });
});

describe('problem members', () => {
  it("every problem of fw's has its code; a 500 says only FW_ERR_INTERNAL", () => {
    expect([
      problemOf(new FwError('FW_ERR_BODY_TOO_LARGE', { limit: 10 })).code,
      problemOf(new FwError('FW_ERR_PATH_PARAM_MISSING', { key: 'secret' })).code,
      problemOf(new Error('boom')).code,
      problemOf(new HttpError(404, 'No user 7')).code,
    ]).toEqual(['FW_ERR_BODY_TOO_LARGE', 'FW_ERR_INTERNAL', 'FW_ERR_INTERNAL', undefined]);
  });

  it('an HttpError renders its extensions after the standard members', () => {
    const err = new HttpError(409, 'Out of stock', {
      extensions: { code: 'OUT_OF_STOCK', sku: 'pen', left: 0 },
    });
    expect(JSON.stringify(problemOf(err))).toBe(
      '{"type":"about:blank","title":"Conflict","status":409,"detail":"Out of stock",' +
        '"code":"OUT_OF_STOCK","sku":"pen","left":0}',
    );
  });

  it('keeps a copy of the extensions: changing the object given later changes nothing', () => {
    const extensions: Record<string, unknown> = { code: 'A' };
    const err = new HttpError(400, 'bad', { extensions });
    extensions['code'] = 'B';
    expect(problemOf(err).code).toBe('A');
  });

  it.each(['type', 'title', 'status', 'detail'])(
    "refuses an extension named '%s', which would replace the problem's own",
    (key) => {
      expect(() => new HttpError(400, 'bad', { extensions: { [key]: 'x' } })).toThrow(
        new RegExp(`^HttpError extension '${key}' would replace the problem's own '${key}'`),
      );
    },
  );

  it('refuses extensions that are not an object', () => {
    const bad = ['code', ['a'], null] as unknown as Record<string, unknown>[];
    for (const extensions of bad) {
      expect(() => new HttpError(400, 'bad', { extensions })).toThrow(TypeError);
    }
  });
});

describe('STATUS_TITLES', () => {
  it('names every client and server error status that Node knows', () => {
    const node = Object.keys(STATUS_CODES)
      .map(Number)
      .filter((status) => status >= 400);
    expect(node.filter((status) => STATUS_TITLES[status] === undefined)).toEqual([]);
  });

  it('takes the names of RFC 9110, whatever Node version runs', () => {
    expect([413, 422].map((status) => problemOf(new HttpError(status, 'x')).title)).toEqual([
      'Content Too Large',
      'Unprocessable Content',
    ]);
  });
});
