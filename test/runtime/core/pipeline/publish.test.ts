import { background, type Context, withCancel, withValue } from 'fw/context';
import { DefaultEventBus } from 'fw/core';
import { type DomainEvent, PUBLISHER_KEY, publishEvents } from 'fw/publish';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

const event = (name: string): DomainEvent => ({ name, occurredAt: new Date(0) });

describe('publishEvents', () => {
  // Events go on the bus a Context carries under PUBLISHER_KEY, in order; without one, nowhere.
  it('publishes on the bus under PUBLISHER_KEY, in order', () => {
    const bus = new DefaultEventBus();
    const ctx = withValue(background(), PUBLISHER_KEY, bus);
    const [a, b, c] = [event('a'), event('b'), event('c')];
    publishEvents(ctx, a, b);
    publishEvents(ctx, c);
    expect(bus.drain()).toEqual([a, b, c]);
  });

  it('finds the bus through child contexts', () => {
    const bus = new DefaultEventBus();
    const [child, cancel] = withCancel(withValue(background(), PUBLISHER_KEY, bus));
    publishEvents(withValue(child, 'other', 1), event('a'));
    cancel();
    expect(bus.drain().map((e) => e.name)).toEqual(['a']);
  });

  const without: Case<() => Context, null>[] = [
    ['background', { given: background, want: null }],
    ['a context with other values', { given: () => withValue(background(), 'k', 'v'), want: null }],
    [
      'a bus under the string key of the same name',
      { given: () => withValue(background(), 'fw.publisher', new DefaultEventBus()), want: null },
    ],
  ];
  it.each(without)('does nothing on %s', (_name, { given }) => {
    const ctx = given();
    expect(() => publishEvents(ctx, event('a'))).not.toThrow();
    const stray = ctx.value('fw.publisher') as DefaultEventBus | undefined;
    expect(stray?.drain() ?? []).toEqual([]);
  });

  it('publishing nothing leaves the bus empty', () => {
    const bus = new DefaultEventBus();
    publishEvents(withValue(background(), PUBLISHER_KEY, bus));
    expect(bus.drain()).toEqual([]);
  });
});
