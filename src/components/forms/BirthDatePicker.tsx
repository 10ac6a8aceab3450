import { CalendarOutlined } from '@ant-design/icons';
import { Button, Input, Popover } from 'antd';
import { BirthDateCalendar } from './BirthDateCalendar';
import { useBirthDatePicker } from './useBirthDatePicker';

export { parseTypedDate } from './birth-date-format';

type Props = { value?: string; onChange?: (value: string) => void; id?: string; placeholder?: string };

/**
 * A date of birth: typed as DD.MM.YYYY, or picked from a calendar with month and year dropdowns
 * (the years run from this year back 100). The calendar opens with its button, or with the Down
 * arrow (Alt+Down too) in the field; in it, arrow keys move the day, Enter picks it and Escape closes it, giving
 * focus back to the field. The value is the ISO day (YYYY-MM-DD) the API expects; text that is not
 * a day yet is '' so the field's rule says a date is required.
 */
export function BirthDatePicker({ value, onChange, id, placeholder = 'Pick a date' }: Props) {
  const picker = useBirthDatePicker(value, onChange);
  const panel = (
    <BirthDateCalendar
      calendarRef={picker.dayFocus.calendar}
      viewed={picker.viewed}
      selected={picker.selected}
      today={picker.today}
      firstYear={picker.firstYear}
      onKeyDown={picker.onCalendarKeyDown}
      onView={picker.setViewed}
      onPick={picker.pick}
    />
  );

  return (
    <Popover
      content={panel}
      trigger="click"
      open={picker.open}
      onOpenChange={picker.setOpen}
      afterOpenChange={picker.dayFocus.afterOpenChange}
      placement="bottomLeft"
    >
      <Input
        id={id}
        ref={(element) => {
          picker.input.current = element?.input ?? null;
        }}
        placeholder={placeholder}
        value={picker.text}
        autoComplete="bday"
        onChange={(event) => picker.type(event.target.value)}
        onKeyDown={picker.onFieldKeyDown}
        suffix={
          <Button
            type="text"
            size="small"
            className="birth-date-open"
            icon={<CalendarOutlined />}
            aria-label="Open calendar"
            aria-expanded={picker.open}
            // The popover's click trigger opens it; this only asks for the day to take focus.
            onClick={picker.dayFocus.want}
          />
        }
      />
    </Popover>
  );
}
