import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultStartTime, disabledTimeOf, isPastDay } from '../../src/pages/campaigns/create/schedule';

const now = dayjs('2026-11-21T10:20:00');

describe('scheduled start picker', () => {
  it('disables days before today only', () => {
    expect(isPastDay(dayjs('2026-11-20T23:59'), now)).toBe(true);
    expect(isPastDay(dayjs('2026-11-21T00:00'), now)).toBe(false);
    expect(isPastDay(dayjs('2026-12-01'), now)).toBe(false);
  });

  it('disables the hours and 15-minute slots of today that have begun', () => {
    const { disabledHours, disabledMinutes } = disabledTimeOf(dayjs('2026-11-21T12:00'), now);
    expect(disabledHours!()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // 10:00 and 10:15 have begun at 10:20; 10:30 and 10:45 are still open.
    expect(disabledMinutes!(10)).toEqual([0, 15]);
    expect(disabledMinutes!(11)).toEqual([]);
    expect(disabledMinutes!(9)).toEqual([0, 15, 30, 45]);
  });

  it('counts a slot as begun at its first minute', () => {
    const { disabledMinutes } = disabledTimeOf(dayjs('2026-11-21T12:00'), dayjs('2026-11-21T10:30:00'));
    expect(disabledMinutes!(10)).toEqual([0, 15, 30]);
  });

  it('closes the whole day after 23:45 has begun', () => {
    const { disabledHours } = disabledTimeOf(dayjs('2026-11-21T12:00'), dayjs('2026-11-21T23:50'));
    expect(disabledHours!()).toHaveLength(24);
  });

  it('leaves other days open and starts a new day at 12:00', () => {
    expect(disabledTimeOf(dayjs('2026-11-22T08:00'), now)).toEqual({});
    expect(defaultStartTime().format('HH:mm')).toBe('12:00');
  });
});
