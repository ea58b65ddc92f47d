import type { DomainEvent, ExecutionContext } from 'fw/core';
import { DefaultEventBus } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

const event = (name: string): DomainEvent => ({ name, occurredAt: new Date(0) });
const a = event('a');
const b = event('b');
const c = event('c');

/** `publish` one call per inner list, or `drain` between them. */
type Step = DomainEvent[] | 'drain';

// API.md section 4: drain() returns the events published so far, in order, and empties the bus.
describe('publish and drain', () => {
  const cases: Case<Step[], DomainEvent[]>[] = [
    ['nothing published', { given: [], want: [] }],
    ['one event', { given: [[a]], want: [a] }],
    ['publish(a, b) then publish(c)', { given: [[a, b], [c]], want: [a, b, c] }],
    ['publish() with no events', { given: [[]], want: [] }],
    ['the same event twice', { given: [[a], [a]], want: [a, a] }],
    ['drained before', { given: [[a], 'drain'], want: [] }],
    ['published after a drain', { given: [[a], 'drain', [b, c]], want: [b, c] }],
    ['drained twice', { given: [[a], 'drain', 'drain'], want: [] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const bus = new DefaultEventBus();
    for (const step of given) {
      if (step === 'drain') bus.drain();
      else bus.publish(...step);
    }
    const drained = bus.drain();
    expect(drained).toEqual(want);
    for (const [i, e] of drained.entries()) expect(e).toBe(want[i]);
    expect(bus.drain()).toEqual([]);
  });

  it('keeps what was drained apart from the bus', () => {
    const bus = new DefaultEventBus();
    bus.publish(a);
    const first = bus.drain();
    first.push(b);
    bus.publish(c);
    expect(bus.drain()).toEqual([c]);
    expect(first).toEqual([a, b]);
  });

  it('is not changed by later changes to the arguments', () => {
    const bus = new DefaultEventBus();
    const events = [a, b];
    bus.publish(...events);
    events.push(c);
    expect(bus.drain()).toEqual([a, b]);
  });

  it('hands out a new empty list on every drain of an empty bus', () => {
    const bus = new DefaultEventBus();
    const first = bus.drain();
    first.push(a);
    expect(bus.drain()).toEqual([]);
  });
});

// API.md section 4: eventBus() is the same bus for the whole request, event or message.
describe('a context keeps one bus', () => {
  const kinds: Case<() => ExecutionContext, DomainEvent[]>[] = [
    ['HTTP', { given: () => httpContext({ url: '/' }), want: [a, b, c] }],
    ['consumer', { given: () => consumerContext('e'), want: [a, b, c] }],
    ['WebSocket', { given: () => webSocketContext({ path: '/ws' }), want: [a, b, c] }],
  ];
  it.each(kinds)('%s: what one call publishes, a later call drains', (_name, { given, want }) => {
    const ctx = given();
    ctx.eventBus().publish(a, b);
    ctx.eventBus().publish(c);
    expect(ctx.eventBus().drain()).toEqual(want);
    expect(ctx.eventBus().drain()).toEqual([]);
  });

  it.each(kinds)('%s: another context has its own bus', (_name, { given }) => {
    const one = given();
    one.eventBus().publish(a);
    expect(given().eventBus().drain()).toEqual([]);
    expect(one.eventBus().drain()).toEqual([a]);
  });
});
