import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { limits } from '#domain/messages';
import { DISPLAY_FORMAT, displayDate, parseTypedDate, VALUE_FORMAT } from './birth-date-format';

/** Arrow keys in the calendar move the day by this many days. */
const DAY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

const dayButton = (calendar: HTMLElement | null, day: Dayjs) =>
  calendar?.querySelector<HTMLButtonElement>(`[data-day="${day.format(VALUE_FORMAT)}"]`);

/** The field's text: a value set from outside (a form reset) shows in it; the value typed text gives does not rewrite it. */
function useFieldText(value: string | undefined) {
  const [text, setText] = useState(() => displayDate(value));
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (parseTypedDate(text) !== (value ?? '')) setText(displayDate(value));
  }
  return [text, setText] as const;
}

/** Focus on the viewed day's button once the keyboard (or the open button) asked for it, not on every render. */
function useDayFocus(viewed: Dayjs) {
  const calendar = useRef<HTMLDivElement>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (!wanted.current || !calendar.current) return;
    wanted.current = false;
    dayButton(calendar.current, viewed)?.focus();
  }, [viewed]);
  return {
    calendar,
    want: () => {
      wanted.current = true;
    },
    // Opened from the keyboard (or the button), the calendar takes focus on its day.
    afterOpenChange: (opened: boolean) => {
      if (opened && wanted.current) {
        wanted.current = false;
        dayButton(calendar.current, viewed)?.focus();
      }
    },
  };
}

/** The birth date picker's state: the field's text, the calendar's open state and viewed day, and their keys. */
export function useBirthDatePicker(value: string | undefined, onChange: ((value: string) => void) | undefined) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useFieldText(value);
  const today = useMemo(() => dayjs(), []);
  const firstYear = today.year() - limits.birthYearsBack;
  const selected = value ? dayjs(value, VALUE_FORMAT) : undefined;
  const [viewed, setViewed] = useState<Dayjs>(selected?.isValid() ? selected : today);
  const input = useRef<HTMLInputElement>(null);
  const dayFocus = useDayFocus(viewed);

  const close = () => {
    setOpen(false);
    input.current?.focus();
  };
  const pick = (day: Dayjs) => {
    onChange?.(day.format(VALUE_FORMAT));
    setText(day.format(DISPLAY_FORMAT));
    close();
  };
  const type = (typed: string) => {
    setText(typed);
    onChange?.(parseTypedDate(typed));
  };
  const inRange = (day: Dayjs) => !day.isBefore(dayjs(`${firstYear}-01-01`)) && !day.isAfter(today, 'day');

  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      dayFocus.want();
      setViewed((current) => (selected?.isValid() ? selected : current));
    }
  };
  const onCalendarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    const step = DAY_STEPS[event.key];
    // Only on the days: the month and year selects use the arrow keys themselves.
    if (step === undefined || !(event.target instanceof HTMLElement) || !event.target.dataset.day) return;
    event.preventDefault();
    const next = viewed.add(step, 'day');
    if (!inRange(next)) return;
    dayFocus.want();
    setViewed(next);
  };

  return { open, setOpen, text, type, input, today, firstYear, selected, viewed, setViewed, pick, dayFocus, onFieldKeyDown, onCalendarKeyDown };
}
