// memoryIdempotencyStore(): a reservation holds until its time runs out, and the store keeps at
// most maxEntries keys, forgetting what has expired first, then the oldest.
import { memoryIdempotencyStore } from 'fw/idempotency';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('memoryIdempotencyStore()', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reserves a free key, and answers what a taken key holds', async () => {
    const store = memoryIdempotencyStore();
    expect(await store.reserve('k', 'first', 60_000)).toBeUndefined();
    expect(await store.reserve('k', 'second', 60_000)).toBe('first');
    await store.save('k', 'done', 60_000);
    expect(await store.reserve('k', 'third', 60_000)).toBe('done');
    await store.release('k');
    expect(await store.reserve('k', 'fourth', 60_000)).toBeUndefined();
  });

  it('frees a key once its time has run out', async () => {
    vi.useFakeTimers();
    const store = memoryIdempotencyStore();
    await store.reserve('k', 'first', 1000);
    vi.advanceTimersByTime(999);
    expect(await store.reserve('k', 'second', 1000)).toBe('first');
    vi.advanceTimersByTime(1);
    expect(await store.reserve('k', 'second', 1000)).toBeUndefined();
  });

  it('keeps at most maxEntries keys: the expired go first, then the oldest', async () => {
    vi.useFakeTimers();
    const store = memoryIdempotencyStore({ maxEntries: 3 });
    await store.reserve('a', 'a', 60_000);
    await store.reserve('short', 'short', 1000);
    await store.reserve('b', 'b', 60_000);
    vi.advanceTimersByTime(1000);
    await store.reserve('c', 'c', 60_000);
    // The expired key made room: a and b are still held.
    expect(await store.reserve('a', 'x', 60_000)).toBe('a');
    expect(await store.reserve('b', 'x', 60_000)).toBe('b');
    await store.reserve('d', 'd', 60_000);
    // Full of live keys: the oldest, a, was forgotten.
    expect(await store.reserve('a', 'again', 60_000)).toBeUndefined();
    expect(await store.reserve('d', 'x', 60_000)).toBe('d');
  });

  it('checks its options', () => {
    expect(() => memoryIdempotencyStore({ maxEntries: 0 })).toThrow(
      "memoryIdempotencyStore option 'maxEntries' must be an integer from 1 to 1073741824; got 0",
    );
  });
});
