import { DatePicker, Form } from 'antd';
import type { BusinessTime } from '../../../business/business-time';
import { defaultStartTime, disabledTimeOf, isPastDay, SLOT_MINUTES } from './schedule';
import type { SetupRules } from './setup-values';

/** When it starts, on the business's clock; empty for a draft or a launch now. */
export function ScheduleField({ rules, times }: { rules: SetupRules; times: BusinessTime }) {
  return (
    <Form.Item
      label="Scheduled start"
      name="startTime"
      rules={rules('startTime')}
      extra={`In ${times.zoneName}. Leave empty to save a draft or launch now.`}
    >
      <DatePicker
        showTime={{ format: 'HH:mm', minuteStep: SLOT_MINUTES, defaultValue: defaultStartTime(times.now()) }}
        format="DD.MM.YYYY HH:mm"
        disabledDate={(day) => isPastDay(day, times.now())}
        disabledTime={(day) => disabledTimeOf(day, times.now())}
        style={{ width: 240 }}
        aria-label="Scheduled start"
      />
    </Form.Item>
  );
}
