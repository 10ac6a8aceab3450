import dayjs, { type Dayjs } from 'dayjs';

export const SLOT_MINUTES = 15;
const DEFAULT_START_TIME = { hour: 12, minute: 0 };

/** Days before today cannot be picked. */
export const isPastDay = (day: Dayjs, now: Dayjs = dayjs()) => day.isBefore(now.startOf('day'));

/** The first 15-minute slot that has not begun yet. */
const firstOpenSlot = (now: Dayjs) => {
  const next = now.startOf('minute').add(1, 'minute');
  const minute = Math.ceil(next.minute() / SLOT_MINUTES) * SLOT_MINUTES;
  return next.minute(0).add(minute, 'minute');
};

/** For today, the hours and the 15-minute slots that have already begun are disabled. */
export function disabledTimeOf(day: Dayjs | null, now: Dayjs = dayjs()) {
  if (!day || !day.isSame(now, 'day')) return {};
  const open = firstOpenSlot(now);
  // Past midnight every slot of today is gone.
  const allGone = !open.isSame(now, 'day');
  return {
    disabledHours: () => Array.from({ length: 24 }, (_, hour) => hour).filter((hour) => allGone || hour < open.hour()),
    disabledMinutes: (hour: number) =>
      allGone || hour < open.hour()
        ? [0, 15, 30, 45]
        : hour === open.hour()
          ? [0, 15, 30, 45].filter((minute) => minute < open.minute())
          : [],
  };
}

/** The time a newly picked day starts with: 12:00. */
export const defaultStartTime = (now: Dayjs = dayjs()) => now.hour(DEFAULT_START_TIME.hour).minute(DEFAULT_START_TIME.minute).second(0);
