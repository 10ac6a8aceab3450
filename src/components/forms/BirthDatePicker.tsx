import { CalendarOutlined } from '@ant-design/icons';
import { Calendar, Flex, Input, Popover, Select } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { limits } from '../../domain/messages';

const MONTHS = Array.from({ length: 12 }, (_, month) => ({ value: month, label: dayjs().month(month).format('MMMM') }));
const DISPLAY_FORMAT = 'DD.MM.YYYY';
const VALUE_FORMAT = 'YYYY-MM-DD';

type Props = { value?: string; onChange?: (value: string) => void; id?: string; placeholder?: string };

/**
 * A date of birth picker with month and year dropdowns; the years run from this year back 100.
 * Its value is the ISO day (YYYY-MM-DD) the API expects.
 */
export function BirthDatePicker({ value, onChange, id, placeholder = 'Pick a date' }: Props) {
  const [open, setOpen] = useState(false);
  const today = useMemo(() => dayjs(), []);
  const firstYear = today.year() - limits.birthYearsBack;
  const years = useMemo(
    () => Array.from({ length: limits.birthYearsBack + 1 }, (_, i) => ({ value: today.year() - i, label: String(today.year() - i) })),
    [today],
  );
  const selected = value ? dayjs(value, VALUE_FORMAT) : undefined;
  const [viewed, setViewed] = useState<Dayjs>(selected ?? today);

  // NoFormStyle: the field's error state must not paint the month and year selects red.
  const calendar = (
    <NoFormStyle status override>
    <div style={{ width: 300 }}>
      <Calendar
        fullscreen={false}
        value={viewed}
        validRange={[dayjs(`${firstYear}-01-01`), today.endOf('day')]}
        onPanelChange={(date) => setViewed(date)}
        onSelect={(date, { source }) => {
          setViewed(date);
          if (source === 'date') {
            onChange?.(date.format(VALUE_FORMAT));
            setOpen(false);
          }
        }}
        headerRender={({ value: current, onChange: move }) => (
          <Flex gap={8} style={{ padding: 8 }}>
            <Select
              size="small"
              aria-label="Month"
              style={{ flex: 1 }}
              options={MONTHS}
              value={current.month()}
              onChange={(month) => move(current.month(month))}
            />
            <Select
              size="small"
              aria-label="Year"
              style={{ width: 90 }}
              options={years}
              value={current.year()}
              onChange={(year) => move(current.year(year))}
              showSearch
            />
          </Flex>
        )}
      />
    </div>
    </NoFormStyle>
  );

  return (
    <Popover content={calendar} trigger="click" open={open} onOpenChange={setOpen} placement="bottomLeft">
      <Input
        id={id}
        readOnly
        placeholder={placeholder}
        value={selected?.isValid() ? selected.format(DISPLAY_FORMAT) : ''}
        suffix={<CalendarOutlined />}
        style={{ cursor: 'pointer' }}
      />
    </Popover>
  );
}
