/**
 * Quiet hours for text messages (TCPA: 8:00 to 21:00 in the recipient's local time): a business
 * has a time zone and an SMS window inside those hours; texts that would leave outside it wait for
 * the next opening. Times are 'HH:MM' in the business's local time.
 */

export const SMS_WINDOW = { start: '08:00', end: '21:00' } as const;
export type SmsWindow = { start: string; end: string; timeZone: string };

export const smsWindowMessages = {
  timeInvalid: 'Write the time as HH:MM, such as 08:00.',
  outsideLegal: `The SMS window must lie between ${SMS_WINDOW.start} and ${SMS_WINDOW.end}.`,
  startAfterEnd: 'The SMS window must open before it closes.',
  timeZoneInvalid: 'Choose a time zone from the list (such as Europe/Zagreb).',
  waiting: (opens: string) => `Waiting for the send window (opens ${opens})`,
} as const;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isClockTime = (value: string) => HH_MM.test(value);

/** True for an IANA time zone name this runtime knows. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every time zone name the runtime offers (plus UTC), for the business form. */
export const timeZoneNames = (): string[] => {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : ['UTC', ...names];
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

type LocalTime = { year: number; month: number; day: number; minutes: number };

function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return { year: parts.year!, month: parts.month!, day: parts.day!, minutes: parts.hour! * 60 + parts.minute! };
}

/** The instant the zone's clocks show `minutes` after midnight of that local day (DST-aware). */
function instantOf(day: { year: number; month: number; day: number }, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, 0, minutes);
  let guess = wall;
  // The zone's offset at the guess moves it onto the wall time; twice settles a DST change.
  for (let i = 0; i < 2; i += 1) {
    const seen = localTime(new Date(guess), timeZone);
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, 0, seen.minutes);
    guess += wall - seenWall;
  }
  return new Date(guess);
}

/**
 * When a text may next leave: null when `now` is inside the window, else the next opening
 * (later today when it has not opened yet, else tomorrow's).
 */
export function nextWindowOpening(now: Date, window: SmsWindow): Date | null {
  const local = localTime(now, window.timeZone);
  const start = minutesOf(window.start);
  if (local.minutes >= start && local.minutes < minutesOf(window.end)) return null;
  if (local.minutes < start) return instantOf(local, start, window.timeZone);
  const tomorrow = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
  return instantOf(
    { year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() },
    start,
    window.timeZone,
  );
}

/** The browser's own time zone, the business form's default. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
