import { act } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * Fake timers for screens with timed rules (a refresh every 5 s, a 2 s business switch, 5 s toasts):
 * time moves only when the test moves it, so a rule is checked to the millisecond however busy the
 * machine. Testing Library's waits take them for Jest's fake timers and advance them as they poll.
 * Only timers and Date are faked: React's scheduler and promises run as usual. A screen must be
 * imported before it renders, so its lazy chunk loads without waiting on real I/O.
 * Call at the top level of a test file; each test turns them on with `start()`.
 */
export function useFakeTimers() {
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as { jest?: unknown }).jest;
  });
  return {
    start() {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      (globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
    },
    /** Moves time on by `ms`, letting the screen update. */
    async advance(ms: number) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    },
  };
}
