import type { ExecutionContext, ResponseWriter } from 'fw/core';
import { PARAMS_KEY, PATH_KEYS_KEY, RESPONSE_WRITER_KEY } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

const KINDS: Case<() => ExecutionContext, true>[] = [
  ['HTTP', { given: () => httpContext({ url: '/' }), want: true }],
  ['consumer', { given: () => consumerContext('e'), want: true }],
  ['WebSocket', { given: () => webSocketContext({ path: '/ws' }), want: true }],
];

// API.md section 4: set/get/has share values for the rest of the execution, keyed by string.
describe('set, get and has', () => {
  type Given = { set: [string, unknown][]; key: string };
  const obj = { a: 1 };
  const cases: Case<Given, { get: unknown; has: boolean }>[] = [
    ['missing', { given: { set: [], key: 'k' }, want: { get: undefined, has: false } }],
    ['a value', { given: { set: [['k', 'v']], key: 'k' }, want: { get: 'v', has: true } }],
    ['the same object', { given: { set: [['k', obj]], key: 'k' }, want: { get: obj, has: true } }],
    [
      'undefined is still present',
      { given: { set: [['k', undefined]], key: 'k' }, want: { get: undefined, has: true } },
    ],
    ['null', { given: { set: [['k', null]], key: 'k' }, want: { get: null, has: true } }],
    [
      'the last set wins',
      {
        given: {
          set: [
            ['k', 1],
            ['k', 2],
          ],
          key: 'k',
        },
        want: { get: 2, has: true },
      },
    ],
    [
      'keys are case-sensitive',
      { given: { set: [['k', 1]], key: 'K' }, want: { get: undefined, has: false } },
    ],
    ['the empty key', { given: { set: [['', 1]], key: '' }, want: { get: 1, has: true } }],
    [
      'toString is not set',
      { given: { set: [], key: 'toString' }, want: { get: undefined, has: false } },
    ],
    [
      'constructor is not set',
      { given: { set: [], key: 'constructor' }, want: { get: undefined, has: false } },
    ],
    [
      '__proto__ is not set',
      { given: { set: [], key: '__proto__' }, want: { get: undefined, has: false } },
    ],
    [
      '__proto__ is a key',
      { given: { set: [['__proto__', 'p']], key: '__proto__' }, want: { get: 'p', has: true } },
    ],
    [
      'a prefix of the reserved keys',
      { given: { set: [['fw.x', 1]], key: 'fw.x' }, want: { get: 1, has: true } },
    ],
  ];
  for (const [kind, { given: make }] of KINDS) {
    it.each(cases)(`${kind}: %s`, (_name, { given, want }) => {
      const ctx = make();
      for (const [key, value] of given.set) ctx.set(key, value);
      expect({ get: ctx.get(given.key), has: ctx.has(given.key) }).toEqual(want);
      expect(ctx.get(given.key)).toBe(want.get);
    });
  }

  it('keeps many keys apart, the last set of each winning', () => {
    const ctx = consumerContext('e');
    const keys = Array.from({ length: 300 }, (_, i) => `k${i % 150}`);
    for (const [i, key] of keys.entries()) ctx.set(key, i);
    expect(keys.slice(0, 150).map((key) => ctx.get(key))).toEqual(
      Array.from({ length: 150 }, (_, i) => i + 150),
    );
    expect([ctx.has('k149'), ctx.has('k150'), ctx.get('k150')]).toEqual([true, false, undefined]);
  });

  it('keeps each execution to itself', () => {
    const a = consumerContext('e');
    const b = consumerContext('e');
    a.set('k', 1);
    expect([b.has('k'), b.get('k')]).toEqual([false, undefined]);
  });
});

// API.md section 4: the reserved keys are fixed strings.
describe('the reserved keys', () => {
  it.each<Case<string, string>>([
    ['RESPONSE_WRITER_KEY', { given: RESPONSE_WRITER_KEY, want: 'fw.response_writer' }],
    ['PARAMS_KEY', { given: PARAMS_KEY, want: 'fw.params' }],
    ['PATH_KEYS_KEY', { given: PATH_KEYS_KEY, want: 'fw.pathKeys' }],
  ])('%s', (_name, { given, want }) => {
    expect(given).toBe(want);
  });
});

// API.md section 4: RESPONSE_WRITER_KEY holds the HTTP request's ResponseWriter, and only HTTP has one.
describe('RESPONSE_WRITER_KEY', () => {
  it('holds a working ResponseWriter for httpContext', () => {
    const ctx = httpContext({ url: '/' });
    expect(ctx.has(RESPONSE_WRITER_KEY)).toBe(true);
    const writer = ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY) as ResponseWriter;
    expect(writer.isCommitted()).toBe(false);
    writer.setHeader('X-A', '1');
    writer.addHeader('X-A', '2');
    writer.writeStatus(201);
    expect(writer.isCommitted()).toBe(true);
    expect(ctx.get(RESPONSE_WRITER_KEY)).toBe(writer);
  });

  it.each<Case<() => ExecutionContext, boolean>>([
    ['consumer', { given: () => consumerContext('e'), want: false }],
    ['WebSocket', { given: () => webSocketContext({ path: '/ws' }), want: false }],
  ])('is absent for a %s context', (_name, { given, want }) => {
    const ctx = given();
    expect(ctx.has(RESPONSE_WRITER_KEY)).toBe(want);
    expect(ctx.get(RESPONSE_WRITER_KEY)).toBeUndefined();
  });

  it('can be replaced through set()', () => {
    const ctx = consumerContext('e');
    const writer: ResponseWriter = {
      setHeader: () => {},
      addHeader: () => {},
      writeStatus: () => {},
      isCommitted: () => false,
    };
    ctx.set(RESPONSE_WRITER_KEY, writer);
    expect([ctx.has(RESPONSE_WRITER_KEY), ctx.get(RESPONSE_WRITER_KEY)]).toEqual([true, writer]);
  });
});

// API.md section 4: PARAMS_KEY and PATH_KEYS_KEY answer what params() and pathKeys() answer.
describe('PARAMS_KEY and PATH_KEYS_KEY', () => {
  it.each(KINDS)('%s: absent before routing', (_name, { given, want }) => {
    const ctx = given();
    expect(!ctx.has(PARAMS_KEY) && !ctx.has(PATH_KEYS_KEY)).toBe(want);
    expect([ctx.get(PARAMS_KEY), ctx.get(PATH_KEYS_KEY)]).toEqual([undefined, undefined]);
    expect([ctx.params(), ctx.pathKeys()]).toEqual([{}, []]);
  });

  it('answer the routed params and keys of httpContext', () => {
    const ctx = httpContext({ url: '/u/7/p/9', params: { user: '7', post: '9' } });
    expect([ctx.has(PARAMS_KEY), ctx.has(PATH_KEYS_KEY)]).toEqual([true, true]);
    expect(ctx.get(PARAMS_KEY)).toEqual({ user: '7', post: '9' });
    expect(ctx.get(PARAMS_KEY)).toEqual(ctx.params());
    expect(ctx.get(PATH_KEYS_KEY)).toEqual(['user', 'post']);
    expect(ctx.get(PATH_KEYS_KEY)).toEqual(ctx.pathKeys());
  });

  const cases: Case<{ params: Record<string, string>; keys: string[] }, true>[] = [
    ['one key', { given: { params: { id: '7' }, keys: ['id'] }, want: true }],
    ['two keys', { given: { params: { a: '1', b: '2' }, keys: ['b', 'a'] }, want: true }],
    ['none', { given: { params: {}, keys: [] }, want: true }],
  ];
  for (const [kind, { given: make }] of KINDS) {
    it.each(cases)(
      `${kind}: set() changes params() and pathKeys(), %s`,
      (_name, { given, want }) => {
        const ctx = make();
        ctx.set(PARAMS_KEY, given.params);
        ctx.set(PATH_KEYS_KEY, given.keys);
        expect(ctx.has(PARAMS_KEY) && ctx.has(PATH_KEYS_KEY)).toBe(want);
        expect(ctx.params()).toEqual(given.params);
        expect(ctx.pathKeys()).toEqual(given.keys);
        expect([ctx.get(PARAMS_KEY), ctx.get(PATH_KEYS_KEY)]).toEqual([
          ctx.params(),
          ctx.pathKeys(),
        ]);
      },
    );
  }

  it('set() replaces the routed params', () => {
    const ctx = httpContext({ url: '/', params: { id: '7' } });
    ctx.set(PARAMS_KEY, { id: '8' });
    expect([ctx.params(), ctx.param('id')]).toEqual([{ id: '8' }, '8']);
  });

  it('params() does not follow later changes to the object set', () => {
    const ctx = consumerContext('e');
    const params: Record<string, string> = { id: '7' };
    const keys = ['id'];
    ctx.set(PARAMS_KEY, params);
    ctx.set(PATH_KEYS_KEY, keys);
    params['id'] = '8';
    keys.push('x');
    expect([ctx.params(), ctx.pathKeys()]).toEqual([{ id: '7' }, ['id']]);
  });
});
