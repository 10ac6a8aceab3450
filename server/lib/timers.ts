/** The longest delay a Node timer takes (about 24.8 days); a longer one fires at once, with a warning. */
export const MAX_TIMER_MS = 2_147_483_647;

/** A delay every timer accepts: 0 to MAX_TIMER_MS. A wake-up clamped this way comes early, never late. */
export const timerDelay = (ms: number) => Math.min(Math.max(0, ms), MAX_TIMER_MS);
