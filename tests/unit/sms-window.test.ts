import { describe, expect, it } from 'vitest';
import { nextWindowOpening, SMS_WINDOW } from '#domain/sms-window';

const zagreb = { ...SMS_WINDOW, timeZone: 'Europe/Zagreb' };
const newYork = { ...SMS_WINDOW, timeZone: 'America/New_York' };
const at = (iso: string) => new Date(iso);

describe('the SMS window (08:00–21:00 business-local)', () => {
  it('is open from 08:00 up to 21:00 local time', () => {
    expect(nextWindowOpening(at('2026-07-01T08:00:00+02:00'), zagreb)).toBeNull();
    expect(nextWindowOpening(at('2026-07-01T20:59:59+02:00'), zagreb)).toBeNull();
  });

  it('before 08:00 it opens at 08:00 the same day', () => {
    expect(nextWindowOpening(at('2026-07-01T03:00:00+02:00'), zagreb)).toEqual(at('2026-07-01T08:00:00+02:00'));
  });

  it('from 21:00 it opens at 08:00 the next day, across midnight, months and years', () => {
    expect(nextWindowOpening(at('2026-07-01T21:00:00+02:00'), zagreb)).toEqual(at('2026-07-02T08:00:00+02:00'));
    expect(nextWindowOpening(at('2026-07-31T23:59:00+02:00'), zagreb)).toEqual(at('2026-08-01T08:00:00+02:00'));
    expect(nextWindowOpening(at('2026-12-31T22:00:00+01:00'), zagreb)).toEqual(at('2027-01-01T08:00:00+01:00'));
  });

  it('follows daylight-saving changes: the opening is 08:00 on the local clock, whatever the offset', () => {
    // Europe: clocks go forward on 29 March 2026 (02:00 -> 03:00) and back on 25 October (03:00 -> 02:00).
    expect(nextWindowOpening(at('2026-03-28T22:00:00+01:00'), zagreb)).toEqual(at('2026-03-29T08:00:00+02:00'));
    expect(nextWindowOpening(at('2026-10-24T22:00:00+02:00'), zagreb)).toEqual(at('2026-10-25T08:00:00+01:00'));
    // United States: 8 March 2026, 02:00 -> 03:00.
    expect(nextWindowOpening(at('2026-03-08T01:30:00-05:00'), newYork)).toEqual(at('2026-03-08T08:00:00-04:00'));
    // The same UTC hour is inside the window in summer and outside it in winter.
    expect(nextWindowOpening(at('2026-07-01T12:30:00Z'), newYork)).toBeNull();
    expect(nextWindowOpening(at('2026-01-15T12:30:00Z'), newYork)).toEqual(at('2026-01-15T08:00:00-05:00'));
  });

  it('a narrower window of the owner holds texts longer', () => {
    const narrow = { start: '10:00', end: '18:00', timeZone: 'Europe/Zagreb' };
    expect(nextWindowOpening(at('2026-07-01T09:30:00+02:00'), narrow)).toEqual(at('2026-07-01T10:00:00+02:00'));
    expect(nextWindowOpening(at('2026-07-01T18:00:00+02:00'), narrow)).toEqual(at('2026-07-02T10:00:00+02:00'));
  });
});
