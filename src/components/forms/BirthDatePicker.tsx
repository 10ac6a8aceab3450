import { CalendarOutlined } from '@ant-design/icons';
import { Button, Calendar, Flex, Input, Popover, Select } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { limits } from '#domain/messages';
import { searchableSelect } from './searchable-select';

const MONTHS = Array.from({ length: 12 }, (_, month) => ({ value: month, label: dayjs().month(month).format('MMMM') }));
const DISPLAY_FORMAT = 'DD.MM.YYYY';
const VALUE_FORMAT = 'YYYY-MM-DD';
/** Arrow keys in the calendar move the day by this many days. */
const DAY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

type Props = { value?: string; onChange?: (value: string) => void; id?: string; placeholder?: string };

/** 'DD.MM.YYYY' (also with '/' or '-', one-digit day and month) as YYYY-MM-DD; '' when not a real day. */
export function parseTypedDate(text: string): string {
  const match = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/.exec(text);
  if (!match) return '';
  const [, day, month, year] = match;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return dayjs(iso, VALUE_FORMAT).format(VALUE_FORMAT) === iso ? iso : '';
}

const display = (iso: string | undefined) => {
  const day = iso ? dayjs(iso, VALUE_FORMAT) : undefined;
  return day?.isValid() ? day.format(DISPLAY_FORMAT) : '';
};

/**
 * A date of birth: typed as DD.MM.YYYY, or picked from a calendar with month and year dropdowns
 * (the years run from this year back 100). The calendar opens with its button, or with the Down
 * arrow (Alt+Down too) in the field; in it, arrow keys move the day, Enter picks it and Escape closes it, giving
 * focus back to the field. The value is the ISO day (YYYY-MM-DD) the API expects; text that is not
 * a day yet is '' so the field's rule says a date is required.
 */
export function BirthDatePicker({ value, onChange, id, placeholder = 'Pick a date' }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => display(value));
  const today = useMemo(() => dayjs(), []);
  const firstYear = today.year() - limits.birthYearsBack;
  const years = useMemo(
    () => Array.from({ length: limits.birthYearsBack + 1 }, (_, i) => ({ value: today.year() - i, label: String(today.year() - i) })),
    [today],
  );
  const selected = value ? dayjs(value, VALUE_FORMAT) : undefined;
  const [viewed, setViewed] = useState<Dayjs>(selected?.isValid() ? selected : today);
  const input = useRef<HTMLInputElement>(null);
  const calendar = useRef<HTMLDivElement>(null);
  // The day button to focus after the keyboard moved the day (not on every render).
  const focusDay = useRef(false);

  // A value set from outside (a form reset) shows in the field; the value typed text gives does not rewrite it.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (parseTypedDate(text) !== (value ?? '')) setText(display(value));
  }

  useEffect(() => {
    if (!focusDay.current || !calendar.current) return;
    focusDay.current = false;
    calendar.current.querySelector<HTMLButtonElement>(`[data-day="${viewed.format(VALUE_FORMAT)}"]`)?.focus();
  }, [viewed]);

  const focusViewedDay = () =>
    calendar.current?.querySelector<HTMLButtonElement>(`[data-day="${viewed.format(VALUE_FORMAT)}"]`)?.focus();
  const close = () => {
    setOpen(false);
    input.current?.focus();
  };
  const pick = (day: Dayjs) => {
    onChange?.(day.format(VALUE_FORMAT));
    setText(day.format(DISPLAY_FORMAT));
    close();
  };
  const inRange = (day: Dayjs) => !day.isBefore(dayjs(`${firstYear}-01-01`)) && !day.isAfter(today, 'day');

  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      focusDay.current = true;
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
    focusDay.current = true;
    setViewed(next);
  };

  // NoFormStyle: the field's error state must not paint the month and year selects red.
  const panel = (
    <NoFormStyle status override>
      <div className="birth-date-calendar" ref={calendar} onKeyDown={onCalendarKeyDown} role="group" aria-label="Choose the date of birth">
        <Calendar
          fullscreen={false}
          value={viewed}
          validRange={[dayjs(`${firstYear}-01-01`), today.endOf('day')]}
          onPanelChange={(date) => setViewed(date)}
          onSelect={(date, { source }) => {
            setViewed(date);
            if (source === 'date') pick(date);
          }}
          // Each day is a button (one in the Tab order, the arrow keys move it), so it is picked by keyboard too.
          fullCellRender={(date, info) =>
            info.type === 'date' ? (
              <button
                type="button"
                className="birth-date-day ant-picker-cell-inner"
                data-day={date.format(VALUE_FORMAT)}
                tabIndex={date.isSame(viewed, 'day') ? 0 : -1}
                aria-label={date.format('D MMMM YYYY')}
                aria-pressed={Boolean(selected?.isSame(date, 'day'))}
              >
                {date.date()}
              </button>
            ) : (
              info.originNode
            )
          }
          headerRender={({ value: current, onChange: move }) => (
            <Flex gap={8} className="birth-date-header">
              <Select
                size="small"
                {...searchableSelect}
                aria-label="Month"
                className="birth-date-month"
                options={MONTHS}
                value={current.month()}
                onChange={(month) => move(current.month(month))}
              />
              <Select
                size="small"
                aria-label="Year"
                className="birth-date-year"
                options={years}
                value={current.year()}
                onChange={(year) => move(current.year(year))}
                {...searchableSelect}
              />
            </Flex>
          )}
        />
      </div>
    </NoFormStyle>
  );

  return (
    <Popover
      content={panel}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      // Opened from the keyboard (or the button), the calendar takes focus on its day.
      afterOpenChange={(opened) => {
        if (opened && focusDay.current) {
          focusDay.current = false;
          focusViewedDay();
        }
      }}
      placement="bottomLeft"
    >
      <Input
        id={id}
        ref={(element) => {
          input.current = element?.input ?? null;
        }}
        placeholder={placeholder}
        value={text}
        autoComplete="bday"
        onChange={(event) => {
          setText(event.target.value);
          onChange?.(parseTypedDate(event.target.value));
        }}
        onKeyDown={onFieldKeyDown}
        suffix={
          <Button
            type="text"
            size="small"
            className="birth-date-open"
            icon={<CalendarOutlined />}
            aria-label="Open calendar"
            aria-expanded={open}
            // The popover's click trigger opens it; this only asks for the day to take focus.
            onClick={() => {
              focusDay.current = true;
            }}
          />
        }
      />
    </Popover>
  );
}
