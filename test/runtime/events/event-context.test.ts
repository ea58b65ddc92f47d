import { background, withValue } from 'fw/context';
import { consumerContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { EventContext } from '../../../runtime/events/event-context.js';

type Case<G, W> = [name: string, { given: G; want: W }];

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

// API.md section 4: a consumer context is method EVENT, its path and eventName() the event name.
describe('a consumer context', () => {
  const cases: Case<string, { method: string; path: string; eventName: string }>[] = [
    [
      'dotted name',
      {
        given: 'order.created',
        want: { method: 'EVENT', path: 'order.created', eventName: 'order.created' },
      },
    ],
    ['empty name', { given: '', want: { method: 'EVENT', path: '', eventName: '' } }],
    [
      'name with a slash',
      { given: 'a/b?c', want: { method: 'EVENT', path: 'a/b?c', eventName: 'a/b?c' } },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const ctx = consumerContext(given);
    expect({ method: ctx.method(), path: ctx.path(), eventName: ctx.eventName() }).toEqual(want);
  });

  it.each<Case<string, string>>([
    ['header(content-type)', { given: 'content-type', want: '' }],
    ['header(host)', { given: 'host', want: '' }],
    ['header()', { given: '', want: '' }],
  ])('has no headers: %s', (_name, { given, want }) => {
    expect(consumerContext('e').header(given)).toBe(want);
  });
});

// API.md section 4: payload() is the message bytes as given.
describe('payload()', () => {
  it('is the very bytes given to the class', () => {
    const bytes = new Uint8Array([0, 255, 7]);
    const ctx = new EventContext({ eventName: 'e', payload: bytes });
    expect(ctx.payload()).toBe(bytes);
    expect([...ctx.payload()]).toEqual([0, 255, 7]);
  });

  it('is the very bytes given to fw/testing', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(consumerContext('e', bytes).payload()).toBe(bytes);
  });

  const cases: Case<unknown, string>[] = [
    ['none: empty', { given: undefined, want: '' }],
    ['a string: its UTF-8', { given: 'héllo', want: 'héllo' }],
    [
      'an object: its JSON',
      { given: { orderId: 7, tags: ['a'] }, want: '{"orderId":7,"tags":["a"]}' },
    ],
    ['a number: its JSON', { given: 42, want: '42' }],
    ['null: its JSON', { given: null, want: 'null' }],
  ];
  it.each(cases)('through fw/testing, %s', (_name, { given, want }) => {
    const ctx = given === undefined ? consumerContext('e') : consumerContext('e', given);
    expect(text(ctx.payload())).toBe(want);
  });
});

// API.md section 4: a consumer context's context() is message-scoped.
describe('context()', () => {
  it('is the context the message was given', () => {
    const key = Symbol('key');
    const context = withValue(background(), key, 'v');
    const ctx = new EventContext({ eventName: 'e', payload: new Uint8Array(), context });
    expect(ctx.context()).toBe(context);
    expect(ctx.context().value(key)).toBe('v');
  });
});
