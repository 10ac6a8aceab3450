import { Calendar, Flex, Select } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, type KeyboardEvent, type Ref } from 'react';
import { limits } from '#domain/messages';
import { VALUE_FORMAT } from './birth-date-format';
import { searchableSelect } from './searchable-select';

const MONTHS = Array.from({ length: 12 }, (_, month) => ({ value: month, label: dayjs().month(month).format('MMMM') }));

type Props = {
  calendarRef: Ref<HTMLDivElement>;
  /** The day with the keyboard's focus, in the month shown. */
  viewed: Dayjs;
  /** The field's day, if it holds one. */
  selected: Dayjs | undefined;
  today: Dayjs;
  firstYear: number;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  onView(day: Dayjs): void;
  onPick(day: Dayjs): void;
};

/** One day of the month: a button (one in the Tab order, the arrow keys move it), so it is picked by keyboard too. */
function DayButton({ date, viewed, selected }: { date: Dayjs; viewed: Dayjs; selected: Dayjs | undefined }) {
  return (
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
  );
}

/** The birth date picker's calendar: month and year dropdowns (the years from this year back 100) above the days. */
export function BirthDateCalendar({ calendarRef, viewed, selected, today, firstYear, onKeyDown, onView, onPick }: Props) {
  const years = useMemo(
    () => Array.from({ length: limits.birthYearsBack + 1 }, (_, i) => ({ value: today.year() - i, label: String(today.year() - i) })),
    [today],
  );
  // NoFormStyle: the field's error state must not paint the month and year selects red.
  return (
    <NoFormStyle status override>
      <div className="birth-date-calendar" ref={calendarRef} onKeyDown={onKeyDown} role="group" aria-label="Choose the date of birth">
        <Calendar
          fullscreen={false}
          value={viewed}
          validRange={[dayjs(`${firstYear}-01-01`), today.endOf('day')]}
          onPanelChange={(date) => onView(date)}
          onSelect={(date, { source }) => {
            onView(date);
            if (source === 'date') onPick(date);
          }}
          fullCellRender={(date, info) => (info.type === 'date' ? <DayButton date={date} viewed={viewed} selected={selected} /> : info.originNode)}
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
}
