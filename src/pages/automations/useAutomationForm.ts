import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import type { Rule } from 'antd/es/form';
import { automationMessages, automationSettingsSchema, channelsOf, type Automation, type AutomationChannel, type AutomationSettingsPayload } from '#domain/automation';
import type { SelectedBusiness } from '../../business/selected-business';
import { schemaRule } from '../../components/forms/schema-rule';
import { followUpInitialValues, followUpPayload, type FollowUpValues } from '../campaigns/create/FollowUpFields';

/** The delay is entered in the unit that reads best; the API counts minutes. */
export const DELAY_UNITS = { minutes: 1, hours: 60, days: 24 * 60 } as const;
export type DelayUnit = keyof typeof DELAY_UNITS;

/** The form's values: the API's settings, with the delay as an amount and a unit, and the wizard's reminder fields. */
export type AutomationFormValues = {
  enabled: boolean;
  delayAmount: number | null;
  delayUnit: DelayUnit;
  channel: AutomationChannel;
  subject: string;
  messageBody: string;
} & FollowUpValues;

/** The largest unit the delay is a whole number of: 120 minutes are 2 hours. */
function delayOf(minutes: number): { delayAmount: number; delayUnit: DelayUnit } {
  const unit = (['days', 'hours', 'minutes'] as const).find((candidate) => minutes % DELAY_UNITS[candidate] === 0)!;
  return { delayAmount: minutes / DELAY_UNITS[unit], delayUnit: unit };
}

export const formValuesOf = (automation: Automation): AutomationFormValues => ({
  enabled: automation.enabled,
  ...delayOf(automation.delayMinutes),
  channel: automation.channel,
  subject: automation.subject ?? '',
  messageBody: automation.messageBody,
  ...followUpInitialValues(automation.reminder),
});

/** What the shared schema checks and the API receives. */
export const toPayload = (values: AutomationFormValues): AutomationSettingsPayload => ({
  enabled: values.enabled,
  delayMinutes: (values.delayAmount ?? Number.NaN) * DELAY_UNITS[values.delayUnit],
  channel: values.channel,
  messageBody: values.messageBody,
  subject: channelsOf(values.channel).includes('EMAIL') ? values.subject : null,
  reminder: followUpPayload(values),
});

/**
 * The automation's settings form over Refine's useForm: the record is the business's automation
 * (its id the business's), shown as form values and saved as the API's payload. Every field
 * carries the shared schema's rule at its path (the reminder's fields are the wizard's).
 */
export function useAutomationForm(business: SelectedBusiness) {
  const { formProps, query, formLoading, onFinish } = useForm<Automation, HttpError, AutomationFormValues>({
    resource: 'automations',
    action: 'edit',
    id: business.id,
    redirect: false,
    successNotification: () => ({ type: 'success', ...automationMessages.saved }),
  });
  const automation = query?.data?.data;
  const ruleAt = (path: string): Rule[] => [schemaRule<AutomationFormValues>(automationSettingsSchema, toPayload, path.split('.'))];
  return {
    automation,
    query,
    saving: formLoading && Boolean(automation),
    formProps: {
      ...formProps,
      // Refine's useForm shows the record; this form shows it as its own values.
      initialValues: automation && formValuesOf(automation),
      // Saved as the API's payload (Refine's way to modify the values before submission).
      onFinish: (values: AutomationFormValues) => onFinish(toPayload(values) as unknown as AutomationFormValues).catch((error: unknown) => error),
    },
    ruleAt,
    /** The wizard's reminder fields name the campaign's `followUp`; here it is the `reminder`. */
    reminderRule: (path: string) => ruleAt(path.replace(/^followUp\./, 'reminder.')),
  };
}
