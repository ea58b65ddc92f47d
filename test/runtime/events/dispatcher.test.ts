import { background, type Context, withValue } from 'fw/context';
import { DefaultDispatcher, type DomainEvent, type EventPublisher } from 'fw/publish';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

const event = (name: string): DomainEvent => ({ name, occurredAt: new Date(0) });
const ok: EventPublisher = { publish: async () => {} };

/** Resolves on a later turn of the event loop, after every pending promise job. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A meeting point for `n` parties: each call resolves once all `n` have called. */
function rendezvous(n: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const all = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    if (++arrived === n) open();
    return all;
  };
}

describe('new DefaultDispatcher', () => {
  // A missing publisher is refused at construction, naming its index.
  const cases: Case<unknown[], string>[] = [
    ['undefined second', { given: [ok, undefined], want: 'event publisher[1] cannot be nil' }],
    ['null first', { given: [null, ok], want: 'event publisher[0] cannot be nil' }],
    ['no publish method', { given: [ok, ok, {}], want: 'event publisher[2] cannot be nil' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(() => new DefaultDispatcher(given as EventPublisher[])).toThrow(new TypeError(want));
  });

  it('accepts no publishers at all', async () => {
    await expect(new DefaultDispatcher([]).dispatch(background(), [event('a')])).resolves.toBe(
      undefined,
    );
  });
});

describe('DefaultDispatcher.dispatch order', () => {
  // Events one at a time; each event to every publisher at once.
  it('sends an event to all publishers in parallel', async () => {
    const meet = rendezvous(3);
    const publisher = (id: number): EventPublisher => ({
      async publish() {
        const alone = nextTurn().then(() => {
          throw new Error(`publisher ${id} waited alone: publishers ran one after another`);
        });
        await Promise.race([meet(), alone]);
      },
    });
    const dispatcher = new DefaultDispatcher([publisher(0), publisher(1), publisher(2)]);
    await expect(dispatcher.dispatch(background(), [event('a')])).resolves.toBeUndefined();
  });

  it('finishes one event before starting the next', async () => {
    const log: string[] = [];
    const meets: Record<string, () => Promise<void>> = { a: rendezvous(2), b: rendezvous(2) };
    const publisher = (id: string): EventPublisher => ({
      async publish(_ctx, e) {
        log.push(`start ${e.name}:${id}`);
        await (meets[e.name] as () => Promise<void>)();
        await nextTurn();
        log.push(`end ${e.name}:${id}`);
      },
    });
    await new DefaultDispatcher([publisher('p0'), publisher('p1')]).dispatch(background(), [
      event('a'),
      event('b'),
    ]);
    expect(log).toEqual([
      'start a:p0',
      'start a:p1',
      'end a:p0',
      'end a:p1',
      'start b:p0',
      'start b:p1',
      'end b:p0',
      'end b:p1',
    ]);
  });

  it('gives every publisher the context and the event', async () => {
    const seen: [Context, DomainEvent][] = [];
    const recorder: EventPublisher = {
      publish: async (ctx, e) => void seen.push([ctx, e]),
    };
    const ctx = withValue(background(), 'k', 'v');
    const [a, b] = [event('a'), event('b')];
    await new DefaultDispatcher([recorder, recorder]).dispatch(ctx, [a, b]);
    expect(seen).toEqual([
      [ctx, a],
      [ctx, a],
      [ctx, b],
      [ctx, b],
    ]);
    expect(seen.every(([c]) => c === ctx)).toBe(true);
  });
});

describe('DefaultDispatcher.dispatch failures', () => {
  // Each failure is wrapped with the event name; all of them are joined, and other sends go on.
  const failing = (reason: unknown): EventPublisher => ({
    publish: () => Promise.reject(reason),
  });

  it('one failure rejects with its own error', async () => {
    const err = await new DefaultDispatcher([ok, failing(new Error('broker down'))])
      .dispatch(background(), [event('order.placed')])
      .catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('failed to publish event (order.placed): broker down');
    expect(((err as Error).cause as Error).message).toBe('broker down');
  });

  it('several failures are joined, in event then publisher order', async () => {
    const sent: string[] = [];
    const counting: EventPublisher = { publish: async (_c, e) => void sent.push(e.name) };
    const dispatcher = new DefaultDispatcher([
      failing(new Error('broker down')),
      counting,
      failing('disk full'),
    ]);
    const err = await dispatcher
      .dispatch(background(), [event('a'), event('b')])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AggregateError);
    expect((err as AggregateError).errors.map((e: Error) => e.message)).toEqual([
      'failed to publish event (a): broker down',
      'failed to publish event (a): disk full',
      'failed to publish event (b): broker down',
      'failed to publish event (b): disk full',
    ]);
    expect(sent).toEqual(['a', 'b']);
  });

  it('a publisher that throws instead of rejecting fails like one that rejects', async () => {
    const sent: string[] = [];
    const throwing: EventPublisher = {
      publish: () => {
        throw new Error('not connected');
      },
    };
    const counting: EventPublisher = { publish: async (_c, e) => void sent.push(e.name) };
    const err = await new DefaultDispatcher([throwing, counting])
      .dispatch(background(), [event('a')])
      .catch((e: unknown) => e as Error);
    expect((err as Error).message).toBe('failed to publish event (a): not connected');
    expect(sent).toEqual(['a']);
  });
});
