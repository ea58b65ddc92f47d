import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS, FwError, HttpError, problemOf } from '../../runtime/errors.js';

const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
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
      'Payload Too Large',
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
    expect(problemOf(err)).toEqual({ type: 'about:blank', title, status, detail });
  });
});
