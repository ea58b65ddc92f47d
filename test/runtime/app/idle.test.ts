// app.idle(): after a request or an emit, a test waits for the consumers of what they published,
// and of what those consumers published in turn, without closing the app.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Bindings, createApp, defineController, inMemoryTransport, jsonLogger } from 'fw';
import type { Context } from 'fw/context';
import type { ParameterMeta } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { describe, expect, it } from 'vitest';

interface NoteEvent {
  id: number;
}

const noteParam: ParameterMeta = {
  index: 0,
  name: 'event',
  type: 'test/notes#NoteEvent',
  optional: false,
  validate: (input) => ({ ok: true, value: input as NoteEvent }),
};
const contextParam = (index: number): ParameterMeta => ({
  index,
  name: 'ctx',
  type: 'fw/context#Context',
  optional: false,
});

/** POST /notes/:id publishes `note.created`. */
class Notes {
  create(id: number, ctx: Context) {
    publishEvents(ctx, { name: 'note.created', occurredAt: new Date(0), id } as DomainEvent);
    return { id };
  }
}

/**
 * Each consumer awaits a timer before it records: note 2 publishes `note.indexed`, whose consumer
 * takes a timer too; note 3 fails.
 */
class NoteEvents {
  readonly seen: string[] = [];
  async created(e: NoteEvent, ctx: Context) {
    await sleep(20);
    if (e.id === 3) throw new Error('cannot file note 3');
    this.seen.push(`created ${e.id}`);
    if (e.id === 2) {
      publishEvents(ctx, { name: 'note.indexed', occurredAt: new Date(0), id: 2 } as DomainEvent);
    }
  }
  async indexed(e: NoteEvent) {
    await sleep(20);
    this.seen.push(`indexed ${e.id}`);
  }
}

const bindings: Bindings = {
  version: 1,
  controllers: [
    defineController({
      type: Notes,
      name: 'Notes',
      interceptors: [],
      handlers: [
        {
          name: 'create',
          method: 'POST',
          path: '/notes/:id',
          interceptors: [],
          params: [
            { index: 0, name: 'id', type: 'number', pathKey: 'id', optional: false },
            contextParam(1),
          ],
          invoke: (c, a) => c.create(a[0] as number, a[1] as Context),
        },
      ],
    }),
    defineController({
      type: NoteEvents,
      name: 'NoteEvents',
      interceptors: [],
      handlers: [
        {
          name: 'created',
          method: 'EVENT',
          path: 'note.created',
          interceptors: [],
          params: [noteParam, contextParam(1)],
          invoke: (c, a) => c.created(a[0] as NoteEvent, a[1] as Context),
        },
        {
          name: 'indexed',
          method: 'EVENT',
          path: 'note.indexed',
          interceptors: [],
          params: [noteParam],
          invoke: (c, a) => c.indexed(a[0] as NoteEvent),
        },
      ],
    }),
  ],
};

function setup() {
  const consumer = new NoteEvents();
  const failures: string[] = [];
  const transport = inMemoryTransport({
    onError: (err, delivery) => failures.push(`${delivery.eventName}: ${(err as Error).message}`),
  });
  const app = createApp({
    bindings,
    providers: [consumer],
    transport,
    logger: jsonLogger({ level: 'silent' }),
  });
  return { app, consumer, failures };
}

/** 'idle' when `app.idle()` resolves before the next turn of the event loop, else 'later'. */
function settlesAtOnce(idle: Promise<void>): Promise<'idle' | 'later'> {
  const nextTurn = new Promise<'later'>((resolve) => setImmediate(() => resolve('later')));
  return Promise.race([idle.then(() => 'idle' as const), nextTurn]);
}

describe('app.idle()', () => {
  it('resolves once the consumer of an event a request published has run', async () => {
    const { app, consumer } = setup();
    const res = await app.inject({ method: 'POST', url: '/notes/1' });
    expect(res.status).toBe(200);
    expect(consumer.seen).toEqual([]); // the consumer runs on a later turn, after its timer
    await app.idle();
    expect(consumer.seen).toEqual(['created 1']);
    await app.close();
  });

  it('waits for the consumers of the events a consumer publishes', async () => {
    const { app, consumer } = setup();
    await app.inject({ method: 'POST', url: '/notes/2' });
    await app.idle();
    expect(consumer.seen).toEqual(['created 2', 'indexed 2']);
    await app.close();
  });

  it('waits for a delivery app.emit started, and what it publishes', async () => {
    const { app, consumer } = setup();
    const emitted = app.emit('note.created', { id: 2 });
    await app.idle();
    expect(consumer.seen).toEqual(['created 2', 'indexed 2']);
    await emitted;
    await app.close();
  });

  it('resolves when a consumer fails, after its failure is reported', async () => {
    const { app, consumer, failures } = setup();
    await app.inject({ method: 'POST', url: '/notes/3' });
    await app.inject({ method: 'POST', url: '/notes/1' });
    await app.idle();
    expect(failures).toEqual(['note.created: cannot file note 3']);
    expect(consumer.seen).toEqual(['created 1']);
    await app.close();
  });

  it('resolves at once with nothing in flight, before and after the app has worked', async () => {
    const { app, consumer } = setup();
    expect(await settlesAtOnce(app.idle())).toBe('idle');
    await app.inject({ method: 'POST', url: '/notes/1' });
    await app.idle();
    expect(await settlesAtOnce(app.idle())).toBe('idle');
    expect(consumer.seen).toEqual(['created 1']);
    await app.close();
  });

  it('closes nothing: the app serves and delivers after it', async () => {
    const { app, consumer } = setup();
    await app.inject({ method: 'POST', url: '/notes/1' });
    await app.idle();
    expect((await app.inject({ method: 'POST', url: '/notes/2' })).status).toBe(200);
    await app.idle();
    expect(consumer.seen).toEqual(['created 1', 'created 2', 'indexed 2']);
    await app.close();
  });
});
