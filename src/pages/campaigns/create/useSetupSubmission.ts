import { useCreate, useUpdate, type HttpError } from '@refinedev/core';
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { campaignSetupSchema, type Campaign, type DeliveryChannel } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import { toasts } from '#domain/messages';
import { fieldErrors, type FieldErrors } from '#domain/rules';
import type { SelectedBusiness } from '../../../business/selected-business';
import type { useSubmitValidation } from '../../../components/forms/schema-rule';
import { showFieldErrors } from '../../../components/forms/show-field-errors';
import { useResourceAction } from '../../../resources/useResourceAction';
import { toPayload, type SetupValues, type Submission } from './setup-values';
import type { useCampaignWizard } from './useCampaignWizard';

type Options = {
  form: FormInstance<SetupValues>;
  validation: ReturnType<typeof useSubmitValidation>;
  /** A picked start as the instant the API takes. */
  instant(picked: Dayjs | null | undefined): string | null;
  business: SelectedBusiness;
  type: CampaignType;
  name: string;
  wizard: ReturnType<typeof useCampaignWizard>;
  channel: DeliveryChannel | undefined;
};

/** The setup step's buttons: save a draft, schedule, launch (both confirmed first) or save the campaign being edited. */
export function useSetupSubmission({ form, validation, instant, business, type, name, wizard, channel }: Options) {
  const navigate = useNavigate();
  const { mutate: create, mutation: creation } = useCreate<Campaign>();
  const { mutate: update, mutation: updating } = useUpdate<Campaign>();
  const { mutate: launch, mutation: launching } = useResourceAction('campaigns', 'launch');
  const [submitting, setSubmitting] = useState<Submission | null>(null);
  const [confirming, setConfirming] = useState<'launch' | 'schedule' | null>(null);

  const submit = async (submission: Submission, confirmed = false) => {
    if (!(await validation.validate())) return;
    const values = form.getFieldsValue(true) as SetupValues;
    const payload = toPayload(values, type, submission === 'launch' || submission === 'draft' ? null : instant(values.startTime));
    const parsed = campaignSetupSchema.safeParse(payload);
    if (!parsed.success) return showFieldErrors(form, fieldErrors(parsed.error));
    // Launch and Schedule say what will happen first (how many, which channel, when).
    if ((submission === 'launch' || submission === 'schedule') && !confirmed) return setConfirming(submission);
    const body = { ...payload, contactFilterId: parsed.data.contactFilterId, name: name.trim(), businessId: business.id };
    const done = () => navigate('/campaigns');
    const failed = (error: HttpError) => showFieldErrors(form, error.errors as FieldErrors | undefined);
    setSubmitting(submission);
    if (submission === 'update' && wizard.editing) {
      return update(
        {
          resource: 'campaigns',
          id: wizard.editing.id,
          values: { ...body, startTime: instant(values.startTime) },
          successNotification: () => ({ type: 'success', message: 'Campaign Updated', description: 'The campaign has been saved.' }),
        },
        { onSuccess: done, onError: failed },
      );
    }
    if (submission === 'launch') {
      const { startTime: _none, ...launchBody } = body;
      return launch(
        {
          values: launchBody,
          successNotification: () => ({
            type: 'success',
            message: toasts.campaignStarted.message,
            description: channel?.delivers === false ? `${toasts.campaignStarted.description} ${channel.note}` : toasts.campaignStarted.description,
          }),
        },
        { onSuccess: done, onError: failed },
      );
    }
    create(
      { resource: 'campaigns', values: body, successNotification: () => ({ type: 'success', ...toasts.campaignCreated }) },
      { onSuccess: done, onError: failed },
    );
  };

  return {
    submit,
    busy: creation.isPending || updating.isPending || launching.isPending,
    /** Which button sent the form last (its spinner while busy). */
    submitting,
    /** Which confirmation is open. */
    confirming,
    confirm: () => {
      const submission = confirming!;
      setConfirming(null);
      void submit(submission, true);
    },
    cancelConfirmation: () => setConfirming(null),
  };
}
