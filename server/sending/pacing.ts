/**
 * Custom-interval pacing (spec section 9): `intervalSize` recipients every `interval` minutes, the
 * first batch at the start. A batch is a window that allows `intervalSize` sends and closes
 * `interval` minutes after it opened.
 */
export type PacingWindow = { endsAt: Date | null; allowance: number };

/** Lateness of a worker (polling, a slow claim) that a batch window of `lengthMs` absorbs. */
export const lateToleranceMs = (lengthMs: number) => Math.min(lengthMs / 10, 2000);

export type Pacing = { intervalMinutes: number; intervalSize: number; minuteMs: number };

/**
 * The window to send in at `now`: the current one while it is open, else a new one. A new window
 * follows on from the last one when the worker is only a little late (so batches do not drift), and
 * starts now after a longer gap (a pause, or nothing to send), so two batches are never closer than
 * an interval less that tolerance.
 */
export function currentWindow(window: PacingWindow, pacing: Pacing, now: Date): PacingWindow & { opened: boolean } {
  const length = pacing.intervalMinutes * pacing.minuteMs;
  if (window.endsAt && now < window.endsAt) return { ...window, opened: false };
  const tolerance = lateToleranceMs(length);
  const late = window.endsAt ? now.getTime() - window.endsAt.getTime() : Infinity;
  const start = late <= tolerance ? window.endsAt!.getTime() : now.getTime();
  return { endsAt: new Date(start + length), allowance: pacing.intervalSize, opened: true };
}

/** Exponential backoff for a temporary failure after `attempts` tries: base, 2×, 4×, … with ±10 % jitter. */
export function retryDelayMs(attempts: number, baseMs: number, random = Math.random): number {
  const delay = baseMs * 2 ** Math.max(0, attempts - 1);
  return Math.round(delay * (0.9 + 0.2 * random()));
}
