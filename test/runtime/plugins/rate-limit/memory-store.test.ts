// memoryRateLimitStore(): counts in fixed windows, forgets the windows that ended, and holds no
// more than maxKeys keys.
import { memoryRateLimitStore } from 'fw/rate-limit';
import { describe, expect, it, vi } from 'vitest';

describe('memoryRateLimitStore()', () => {
  it('counts a key in its window and starts again after it', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const store = memoryRateLimitStore();
      expect(await store.hit('a', 1000)).toEqual({ count: 1, resetMs: 1000 });
      vi.advanceTimersByTime(400);
      expect(await store.hit('a', 1000)).toEqual({ count: 2, resetMs: 600 });
      expect(await store.hit('b', 1000)).toEqual({ count: 1, resetMs: 1000 });
      vi.advanceTimersByTime(600);
      expect(await store.hit('a', 1000)).toEqual({ count: 1, resetMs: 1000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the oldest window past maxKeys', async () => {
    const store = memoryRateLimitStore({ maxKeys: 2 });
    await store.hit('a', 60_000);
    await store.hit('a', 60_000);
    await store.hit('b', 60_000);
    await store.hit('c', 60_000);
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('c', 60_000)).count).toBe(2);
  });

  it('refuses options it cannot use', () => {
    expect(() => memoryRateLimitStore({ maxKeys: 0 })).toThrow(
      "memoryRateLimitStore option 'maxKeys' must be an integer from 1 to 1073741824; got 0",
    );
  });
});
