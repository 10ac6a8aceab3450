import { Form, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { campaignSetupSchema } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import type { ContactFilter } from '#domain/filters';
import { usesTemplateVariable } from '#domain/templates';
import { useBusinessTime } from '../../../business/business-time';
import type { SelectedBusiness } from '../../../business/selected-business';
import { schemaRule, useSubmitValidation } from '../../../components/forms/schema-rule';
import { useResourceQuery } from '../../../resources/useResourceAction';
import { initialValues, toPayload, type SetupValues } from './setup-values';
import type { useCampaignWizard } from './useCampaignWizard';
import { useSetupSubmission } from './useSetupSubmission';

type Wizard = ReturnType<typeof useCampaignWizard>;

export type SetupProps = {
  business: SelectedBusiness;
  type: CampaignType;
  name: string;
  wizard: Wizard;
};

/** The setup step's form: the values it watches, its recipients, the shared schema's rules and the buttons' submission. */
export function useSetupForm({ business, type, name, wizard }: SetupProps) {
  const [form] = Form.useForm<SetupValues>();
  const validation = useSubmitValidation(form);
  // The picker shows and takes the business's clock; the API gets the instant.
  const times = useBusinessTime();
  const instant = (picked: Dayjs | null | undefined) => (picked ? times.fromPicker(picked).toISOString() : null);
  const startTime = Form.useWatch('startTime', form);
  const contactFilterId = Form.useWatch('contactFilterId', form);
  const messageBody = Form.useWatch('messageBody', form) ?? '';
  const remind = Form.useWatch('remind', form) ?? false;
  const subject = Form.useWatch('subject', form) ?? '';
  const recipients = useRecipients(business, type, contactFilterId);
  // How this type's messages leave: the outbox (not delivered) until a channel is configured.
  const channel = wizard.senders?.channels[type];
  // Every field is checked by the shared setup schema at its own path, again on each change.
  const ruleAt = (path: string) => [schemaRule<SetupValues>(campaignSetupSchema, (values) => toPayload(values, type, instant(values.startTime)), path.split('.'))];
  const submission = useSetupSubmission({ form, validation, instant, business, type, name, wizard, channel });
  const newFilter = useNewFilterDialog(form, wizard);

  return {
    form,
    validateTrigger: validation.validateTrigger,
    initialValues: initialValues(business, wizard.editing, times),
    times,
    rules: (field: keyof SetupValues) => ruleAt(field),
    ruleAt,
    startTime,
    /** The picked start as an instant (what the confirmation says). */
    startInstant: instant(startTime),
    messageBody,
    subject,
    remind,
    isReviewRequest: usesTemplateVariable(messageBody, 'reviewLink') || usesTemplateVariable(subject, 'reviewLink'),
    recipients,
    channel,
    submission,
    newFilter,
  };
}

/** The filter's recipients: how many contacts it matches, and one of them to preview the message with. */
function useRecipients(business: SelectedBusiness, type: CampaignType, contactFilterId: number | undefined) {
  const chosen = typeof contactFilterId === 'number' && contactFilterId > 0;
  const query = useResourceQuery('contactFilters', 'countMatching', {
    // Counted as recipients of this type: ACTIVE contacts with an address for its channel, each once.
    values: chosen ? { businessId: business.id, contactFilterId, type } : undefined,
    queryOptions: { enabled: chosen },
  });
  return {
    chosen,
    counting: query.isFetching,
    count: query.data?.data.count,
    sample: chosen ? (query.data?.data.sample ?? null) : null,
  };
}

export type Recipients = ReturnType<typeof useRecipients>;

/** '+ Create new filter' opens the filter dialog; the filter saved there becomes the recipients. */
function useNewFilterDialog(form: FormInstance<SetupValues>, wizard: Wizard) {
  const [open, setOpen] = useState(false);
  return {
    open,
    start: () => {
      form.setFieldValue('contactFilterId', undefined);
      setOpen(true);
    },
    close: () => setOpen(false),
    saved: (filter: ContactFilter) => {
      setOpen(false);
      void wizard.refetchFilters();
      form.setFieldValue('contactFilterId', filter.id);
    },
  };
}
