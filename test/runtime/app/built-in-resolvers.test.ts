import type { ParameterMeta } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { builtInResolvers } from '../../../runtime/app/built-in-resolvers.js';

type Case<G, W> = [name: string, { given: G; want: W }];

const validate = (input: unknown) => ({ ok: true as const, value: input });

describe('builtInResolvers', () => {
  // fw's own resolvers in a fixed order; each call builds a new list.
  it('lists the resolvers in order', () => {
    expect(builtInResolvers().map((r) => r.constructor.name)).toEqual([
      'ContextResolver',
      'ControllerContextResolver',
      'HttpRequestContextResolver',
      'ConsumerRequestContextResolver',
      'WebSocketContextResolver',
      'WebSocketMessageContextResolver',
      'EventBusResolver',
      'PathParameterResolver',
      'PaginationResolver',
      'QueryValuesResolver',
      'QueryResolver',
      'BodyResolver',
      'UploadedFilesResolver',
      'MultipartPartsResolver',
    ]);
  });

  it('builds a new list each time', () => {
    const [a, b] = [builtInResolvers(), builtInResolvers()];
    expect(a).not.toBe(b);
    expect(a[0]).not.toBe(b[0]);
  });
});

describe('which built-in resolver supports a parameter', () => {
  // Each type id is supported by exactly its resolver; near misses by none (start-up then fails).
  const cases: Case<Partial<ParameterMeta> & { type: string }, string[]>[] = [
    ['fw/context#Context', { given: { type: 'fw/context#Context' }, want: ['ContextResolver'] }],
    [
      'fw/core#ControllerContext',
      { given: { type: 'fw/core#ControllerContext' }, want: ['ControllerContextResolver'] },
    ],
    [
      'fw/core#HttpRequestContext',
      { given: { type: 'fw/core#HttpRequestContext' }, want: ['HttpRequestContextResolver'] },
    ],
    [
      'fw/core#ConsumerRequestContext',
      {
        given: { type: 'fw/core#ConsumerRequestContext' },
        want: ['ConsumerRequestContextResolver'],
      },
    ],
    [
      'fw/core#WebSocketContext',
      { given: { type: 'fw/core#WebSocketContext' }, want: ['WebSocketContextResolver'] },
    ],
    [
      'fw/core#WebSocketMessageContext',
      {
        given: { type: 'fw/core#WebSocketMessageContext' },
        want: ['WebSocketMessageContextResolver'],
      },
    ],
    ['fw/core#EventBus', { given: { type: 'fw/core#EventBus' }, want: ['EventBusResolver'] }],
    ['fw/query#Values', { given: { type: 'fw/query#Values' }, want: ['QueryValuesResolver'] }],
    [
      'fw/query#Pagination',
      { given: { type: 'fw/query#Pagination' }, want: ['PaginationResolver'] },
    ],
    [
      'fw/core#UploadedFiles',
      { given: { type: 'fw/core#UploadedFiles' }, want: ['UploadedFilesResolver'] },
    ],
    [
      'fw/core#MultipartParts',
      { given: { type: 'fw/core#MultipartParts' }, want: ['MultipartPartsResolver'] },
    ],
    [
      'number path key',
      { given: { type: 'number', pathKey: 'id' }, want: ['PathParameterResolver'] },
    ],
    [
      'string path key',
      { given: { type: 'string', pathKey: 'slug' }, want: ['PathParameterResolver'] },
    ],
    [
      'a validated app type',
      { given: { type: 'src/dto#Order', validate }, want: ['BodyResolver'] },
    ],
    [
      'a validator on EventBus: the earlier resolver wins',
      { given: { type: 'fw/core#EventBus', validate }, want: ['EventBusResolver', 'BodyResolver'] },
    ],
    ['fw/query#Values2', { given: { type: 'fw/query#Values2' }, want: [] }],
    ['bare Values', { given: { type: 'Values' }, want: [] }],
    [
      'an app type named ControllerContext',
      { given: { type: 'src/app#ControllerContext' }, want: [] },
    ],
    ['bare ControllerContext', { given: { type: 'ControllerContext' }, want: [] }],
    ['fw/core#Context', { given: { type: 'fw/core#Context' }, want: [] }],
    ['fw/context#context', { given: { type: 'fw/context#context' }, want: [] }],
    ['fw/core#EventBus with a space', { given: { type: 'fw/core#EventBus ' }, want: [] }],
    ['number without a key', { given: { type: 'number' }, want: [] }],
    ['an app type without a validator', { given: { type: 'src/dto#Order' }, want: [] }],
    ['empty', { given: { type: '' }, want: [] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const pm: ParameterMeta = { index: 0, name: 'p', optional: false, ...given };
    const supporters = builtInResolvers().filter((r) => r.supports(pm));
    expect(supporters.map((r) => r.constructor.name)).toEqual(want);
  });
});
