import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { DEFAULT_INTERVAL, DEFAULT_INTERVAL_SIZE, DEFAULT_SEND_ALL_AT_ONCE, defaultSubject, type Campaign } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import type { SelectedBusiness } from '../../../business/selected-business';
import type { BusinessTime } from '../../../business/business-time';
import { followUpInitialValues, followUpPayload, type FollowUpValues } from './FollowUpFields';

/** The setup step's form values (the wizard's step 3). */
export type SetupValues = {
  startTime: Dayjs | null;
  contactFilterId?: number;
  messageBody: string;
  subject: string;
  sendAllAtOnce: boolean;
  interval: number;
  intervalSize: number;
} & FollowUpValues;

/** Which button sent the form. */
export type Submission = 'draft' | 'schedule' | 'launch' | 'update';

/** A field's rules: the shared setup schema's check at its path. */
export type SetupRules = (field: keyof SetupValues) => Rule[];

export function initialValues(business: SelectedBusiness, editing: Campaign | null, times: BusinessTime): SetupValues {
  return {
    startTime: editing?.startTime ? times.toPicker(editing.startTime) : null,
    contactFilterId: editing?.contactFilterId,
    messageBody: editing?.messageBody ?? '',
    subject: editing?.subject ?? defaultSubject(business.name),
    sendAllAtOnce: editing?.sendAllAtOnce ?? DEFAULT_SEND_ALL_AT_ONCE,
    interval: editing?.interval ?? DEFAULT_INTERVAL,
    intervalSize: editing?.intervalSize ?? DEFAULT_INTERVAL_SIZE,
    ...followUpInitialValues(editing?.followUp ?? null),
  };
}

/** What the shared setup schema checks: the form's values as the API receives them. */
export const toPayload = (values: SetupValues, type: CampaignType, startTime: string | null) => ({
  type,
  contactFilterId: values.contactFilterId,
  messageBody: values.messageBody,
  subject: type === 'EMAIL' ? values.subject : null,
  interval: values.interval,
  intervalSize: values.intervalSize,
  sendAllAtOnce: values.sendAllAtOnce,
  startTime,
  followUp: followUpPayload(values),
});
