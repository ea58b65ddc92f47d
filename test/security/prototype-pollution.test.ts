// Nothing a client sends can reach a prototype: JSON and urlencoded bodies, multipart fields and
// files, query strings, headers and cookies decode `__proto__`, `constructor` and `prototype` as
// ordinary data or drop them, so after the request `Object.prototype` is as it was, a bound object
// has the plain prototype, and a generated validator counts a property only found up the prototype
// chain as missing, even when something else in the process has polluted `Object.prototype`.
import type { Validator } from 'fw/core';
import type { Values } from 'fw/query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { literal, named, object, s, array as shapeArray, union } from '../cli/emit/builder.js';
import { loadValidators, removeGenerated } from '../cli/emit/generated.js';
import { RawClient, serve } from '../http/support.js';
import { Client } from '../ws/support.js';

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const ownKeys = () => PROTOTYPES.map((p) => Reflect.ownKeys(p).map(String).sort());
const before = ownKeys();

afterEach(() => {
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(ownKeys()).toEqual(before);
});

/** What a handler reports of an object it was given. */
function describeObject(o: object) {
  const proto = Object.getPrototypeOf(o);
  return {
    proto: proto === Object.prototype ? 'Object' : proto === null ? 'null' : 'other',
    keys: Reflect.ownKeys(o).map(String),
  };
}

/** A careless deep merge, as applications write them: what a stray `__proto__` key pollutes. */
function naiveMerge(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key in source) {
    const value = source[key];
    if (typeof value === 'object' && value !== null) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      naiveMerge(target[key] as Record<string, unknown>, value as Record<string, unknown>);
    } else {
      target[key] = value;
    }
  }
}

const json = { 'content-type': 'application/json' };

describe('a JSON body', () => {
  it.each([
    ['__proto__ at the top', '{"__proto__":{"polluted":true},"a":1}', ['a']],
    ['__proto__ nested in an array', '{"a":[{"__proto__":{"polluted":true}}]}', ['a']],
    ['__proto__ spelled with escapes', '{"\\u005f_proto\\u005f_":{"polluted":true}}', []],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}', []],
    [
      'constructor.prototype nested',
      '{"a":{"b":{"constructor":{"prototype":{"polluted":true}}}}}',
      ['a'],
    ],
    [
      'a harmless constructor and prototype, kept',
      '{"constructor":"Ford","prototype":1}',
      ['constructor', 'prototype'],
    ],
  ])('%s: merged carelessly, still pollutes nothing', async (_name, body, keys) => {
    const { url } = await serve([
      {
        method: 'POST',
        path: '/in',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: async (ctx: { bind(): Promise<Record<string, unknown>> }) => {
          const bound = await ctx.bind();
          naiveMerge({}, bound);
          return describeObject(bound);
        },
      },
    ]);

    const res = await fetch(url('/in'), { method: 'POST', headers: json, body });

    expect(await res.json()).toEqual({ proto: 'Object', keys });
  });
});

// The validators fwgen generates for these types, rendered by the generator itself.
const MODULE = 'security-pollution';
let validators: Record<string, Validator>;
beforeAll(async () => {
  validators = await loadValidators(MODULE, [
    named(
      'sec#Signup',
      object({
        name: s.string,
        'role?': s.string,
        'tags?': shapeArray(s.string),
        'profile?': object({ 'bio?': s.string }),
      }),
    ),
    named('sec#Grant', object({ user: s.string, role: s.string, 'scope?': s.string })),
    named(
      'sec#Payment',
      union(
        object({ kind: literal('card'), number: s.string }),
        object({ kind: literal('bank'), iban: s.string }),
      ),
    ),
    named(
      'sec#Inherited',
      object({ constructor: s.string, toString: s.string, hasOwnProperty: s.string }),
    ),
  ]);
});
afterAll(() => removeGenerated(MODULE));

describe('a JSON body bound to an application type', () => {
  async function post(type: string, body: string) {
    const { url } = await serve([
      {
        method: 'POST',
        path: '/in',
        params: [{ name: 'body', type: `sec#${type}`, validate: validators[type] as Validator }],
        handle: (bound: Record<string, unknown>) => ({
          ...describeObject(bound),
          bound,
          role: (bound as { role?: unknown }).role ?? null,
        }),
      },
    ]);
    const res = await fetch(url('/in'), { method: 'POST', headers: json, body });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  it.each([
    ['__proto__ carrying an extra property', '{"name":"ann","__proto__":{"role":"admin"}}'],
    ['__proto__ spelled with escapes', '{"name":"ann","\\u005F_proto__":{"role":"admin"}}'],
    [
      'constructor.prototype carrying it',
      '{"name":"ann","constructor":{"prototype":{"role":"admin"}}}',
    ],
  ])('ignores %s', async (_name, body) => {
    const got = await post('Signup', body);
    expect(got).toEqual({
      status: 200,
      json: { proto: 'Object', keys: ['name'], bound: { name: 'ann' }, role: null },
    });
  });

  it('ignores __proto__ inside a nested object', async () => {
    const got = await post('Signup', '{"name":"ann","profile":{"__proto__":{"bio":"x"}}}');
    expect(got.json['bound']).toEqual({ name: 'ann', profile: {} });
  });

  it.each([
    ['under __proto__', '{"__proto__":{"name":"ann"}}', 'name: is required'],
    [
      'under constructor.prototype',
      '{"constructor":{"prototype":{"name":"a"}}}',
      'name: is required',
    ],
    [
      'inherited from Object.prototype',
      '{}',
      'constructor: is required; toString: is required; hasOwnProperty: is required',
    ],
    [
      'inherited, the others present',
      '{"toString":"t","hasOwnProperty":"h"}',
      'constructor: is required',
    ],
  ])('counts a required property %s as missing', async (_name, body, issues) => {
    const type = body.includes('name') ? 'Signup' : 'Inherited';
    const got = await post(type, body);
    expect([got.status, got.json['detail']]).toEqual([400, `Invalid body: ${issues}`]);
  });

  /** Runs `fn` with `Object.prototype[name]` set as a careless merge elsewhere in the process would. */
  async function polluted<T>(name: string, value: unknown, fn: () => Promise<T>): Promise<T> {
    (Object.prototype as Record<string, unknown>)[name] = value;
    try {
      return await fn();
    } finally {
      delete (Object.prototype as Record<string, unknown>)[name];
    }
  }

  it('never takes a required property from a polluted Object.prototype', async () => {
    const got = await polluted('role', 'admin', () => post('Grant', '{"user":"ann"}'));
    expect([got.status, got.json['detail']]).toEqual([400, 'Invalid body: role: is required']);
  });

  it('never takes an optional property from a polluted Object.prototype', async () => {
    const got = await polluted('scope', 'all', () =>
      post('Grant', '{"user":"ann","role":"reader"}'),
    );
    expect(got.json['bound']).toEqual({ user: 'ann', role: 'reader' });
    expect(Object.hasOwn(got.json['bound'] as object, 'scope')).toBe(false);
  });

  it('never takes a union discriminant from a polluted Object.prototype', async () => {
    const got = await polluted('kind', 'bank', () => post('Payment', '{"iban":"NO93"}'));
    expect([got.status, got.json['detail']]).toEqual([400, 'Invalid body: kind: is required']);
  });

  it('accepts properties named like Object.prototype members when they are sent', async () => {
    const body = '{"constructor":"c","toString":"t","hasOwnProperty":"h"}';
    const got = await post('Inherited', body);
    expect(got.json['bound']).toEqual({ constructor: 'c', toString: 't', hasOwnProperty: 'h' });
  });
});

describe('a urlencoded form', () => {
  it('keeps bracketed keys literal, drops __proto__, and keeps constructor and prototype as strings', async () => {
    const { url } = await serve([
      {
        method: 'POST',
        path: '/in',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: async (ctx: { bind(): Promise<Record<string, unknown>> }) => {
          const bound = await ctx.bind();
          naiveMerge({}, bound);
          return { ...describeObject(bound), bound };
        },
      },
    ]);
    const body = [
      '__proto__=x',
      '__proto__[polluted]=1',
      'a[__proto__][polluted]=1',
      'constructor[prototype][polluted]=1',
      '%5F_proto__=y',
      'constructor=c',
      'prototype=p',
    ].join('&');

    const res = await fetch(url('/in'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

    const keys = [
      '__proto__[polluted]',
      'a[__proto__][polluted]',
      'constructor[prototype][polluted]',
      'constructor',
      'prototype',
    ];
    expect(await res.json()).toEqual({
      proto: 'Object',
      keys,
      bound: Object.fromEntries(keys.map((k, i) => [k, ['1', '1', '1', 'c', 'p'][i]])),
    });
  });
});

describe('a multipart form', () => {
  it('drops parts named __proto__ and keeps the others in null-prototype records', async () => {
    const { url } = await serve([
      {
        method: 'POST',
        path: '/in',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: async (ctx: {
          multipartForm(): Promise<{
            value: Record<string, unknown>;
            file: Record<string, unknown>;
          }>;
        }) => {
          const form = await ctx.multipartForm();
          return { value: describeObject(form.value), file: describeObject(form.file) };
        },
      },
    ]);
    const form = new FormData();
    for (const name of ['__proto__', 'constructor', 'prototype', 'a[__proto__][polluted]']) {
      form.append(name, 'v');
      form.append(name, new Blob(['f']), 'f.txt');
    }
    form.append('toString', 'v');

    const res = await fetch(url('/in'), { method: 'POST', body: form });

    const names = ['constructor', 'prototype', 'a[__proto__][polluted]'];
    expect(await res.json()).toEqual({
      value: { proto: 'null', keys: [...names, 'toString'] },
      file: { proto: 'null', keys: names },
    });
  });
});

describe('a query string', () => {
  it('gives __proto__, constructor and prototype as ordinary keys, and nothing inherited', async () => {
    const { url } = await serve([
      {
        method: 'GET',
        path: '/q',
        params: ['q:fw/query#Values', 'ctx:fw/core#HttpRequestContext'],
        handle: (q: Values, ctx: { queries(): object; query(name: string): string }) => ({
          queries: describeObject(ctx.queries()),
          proto: q.all('__proto__'),
          ctor: q.get('constructor'),
          toString: [q.get('toString'), q.has('toString'), ctx.query('toString')],
          valueOf: [q.get('valueOf'), q.has('valueOf'), q.int('valueOf', 7), ctx.query('valueOf')],
        }),
      },
    ]);
    const query = '__proto__=x&__proto__[polluted]=1&%5F%5Fproto%5F%5F=y&constructor=c&prototype=p';

    const res = await fetch(url(`/q?${query}`));

    expect(await res.json()).toEqual({
      queries: {
        proto: 'null',
        keys: ['__proto__', '__proto__[polluted]', 'constructor', 'prototype'],
      },
      proto: ['x', 'y'],
      ctor: 'c',
      toString: ['', false, ''],
      valueOf: ['', false, 7, ''],
    });
  });
});

describe('request headers', () => {
  it('are a null-prototype record: __proto__ is a header like any other', async () => {
    const { port } = await serve([
      {
        method: 'GET',
        path: '/h',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: (ctx: { headers(): object; header(name: string): string }) => ({
          headers: describeObject(ctx.headers()),
          values: [ctx.header('__proto__'), ctx.header('constructor'), ctx.header('toString')],
        }),
      },
    ]);
    const client = await RawClient.connect(port);
    await client.write(
      'GET /h HTTP/1.1\r\nHost: t\r\n__proto__: x\r\nconstructor: c\r\nConnection: close\r\n\r\n',
    );

    const res = await client.response();
    client.destroy();

    expect(JSON.parse(res.body)).toEqual({
      headers: { proto: 'null', keys: ['host', '__proto__', 'constructor', 'connection'] },
      values: ['x', 'c', ''],
    });
  });
});

describe('cookies of a WebSocket upgrade', () => {
  it('are a null-prototype record: __proto__ is a cookie like any other', async () => {
    const { port } = await serve([
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/core#WebSocketMessageContext'],
        handle: (ctx: { cookies(): object; cookie(name: string): string | undefined }) =>
          JSON.stringify({
            cookies: describeObject(ctx.cookies()),
            values: [ctx.cookie('__proto__'), ctx.cookie('constructor'), ctx.cookie('toString')],
          }),
      },
    ]);
    const client = await Client.open(port, '/ws', {
      headers: { Cookie: '__proto__=x; constructor=c; prototype=p; polluted=1' },
    });

    expect(JSON.parse(await client.ask('go'))).toEqual({
      cookies: { proto: 'null', keys: ['__proto__', 'constructor', 'prototype', 'polluted'] },
      values: ['x', 'c', null],
    });
  });
});
