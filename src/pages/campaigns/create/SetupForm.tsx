import { useCreate, useUpdate } from '@refinedev/core';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Empty, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { campaignMessages, campaignSetupSchema, DEFAULT_INTERVAL, DEFAULT_INTERVAL_SIZE, DEFAULT_SEND_ALL_AT_ONCE, defaultSubject, INTERVAL_OPTIONS, INTERVAL_SIZE_OPTIONS, type Campaign } from '#domain/campaign-schemas';
import { CAMPAIGN_TYPE_LABELS, type CampaignType } from '#domain/campaign-status';
import { renderMessage, usesTemplateVariable } from '#domain/templates';
import { toasts } from '#domain/messages';
import { fieldErrors, type FieldErrors } from '#domain/rules';
import type { HttpError } from '@refinedev/core';
import type { SelectedBusiness } from '../../../business/selected-business';
import { schemaRule, useSubmitValidation } from '../../../components/forms/schema-rule';
import { showFieldErrors } from '../../../components/forms/show-field-errors';
import { useResourceAction, useResourceQuery } from '../../../resources/useResourceAction';
import { FilterDialog } from '../../filters/FilterDialog';
import { LaunchConfirmDialog } from './LaunchConfirmDialog';
import { FollowUpFields, followUpInitialValues, followUpPayload, type FollowUpValues } from './FollowUpFields';
import { MessageEditor } from './MessageEditor';
import { MessagePreview } from './MessagePreview';
import { senderItems } from './SenderLine';
import { defaultStartTime, disabledTimeOf, isPastDay, SLOT_MINUTES } from './schedule';
import { useBusinessTime, type BusinessTime } from '../../../business/business-time';
import type { useCampaignWizard } from './useCampaignWizard';
import { searchableSelect } from '../../../components/forms/searchable-select';

type SetupValues = {
  startTime: Dayjs | null;
  contactFilterId?: number;
  messageBody: string;
  subject: string;
  sendAllAtOnce: boolean;
  interval: number;
  intervalSize: number;
} & FollowUpValues;
type Submission = 'draft' | 'schedule' | 'launch' | 'update';
const CREATE_NEW_FILTER = -1;

type Props = {
  business: SelectedBusiness;
  type: CampaignType;
  name: string;
  wizard: ReturnType<typeof useCampaignWizard>;
};

function initialValues(business: SelectedBusiness, editing: Campaign | null, times: BusinessTime): SetupValues {
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
const toPayload = (values: SetupValues, type: CampaignType, startTime: string | null) => ({
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

/** Why the preview has no recipient to show the message as. */
const previewEmptyText = (hasRecipients: boolean, counting: boolean) =>
  !hasRecipients
    ? 'Choose the recipients to see the message as one of them will receive it.'
    : counting
      ? 'Counting recipients...'
      : 'No contact matches this filter yet: add or import contacts to see the message as a customer will.';

/** Step 3: summary, schedule, recipients, message with preview, subject (email), pacing, and the buttons. */
export function SetupForm({ business, type, name, wizard }: Props) {
  const [form] = Form.useForm<SetupValues>();
  const validation = useSubmitValidation(form);
  const navigate = useNavigate();
  const [filterDialogOpen, setFilterDialogOpen] = useState(false);
  // The picker shows and takes the business's clock; the API gets the instant.
  const times = useBusinessTime();
  const instant = (picked: Dayjs | null | undefined) => (picked ? times.fromPicker(picked).toISOString() : null);
  const startTime = Form.useWatch('startTime', form);
  const contactFilterId = Form.useWatch('contactFilterId', form);
  const messageBody = Form.useWatch('messageBody', form) ?? '';
  const remind = Form.useWatch('remind', form) ?? false;
  const subject = Form.useWatch('subject', form) ?? '';
  const isReviewRequest = usesTemplateVariable(messageBody, 'reviewLink') || usesTemplateVariable(subject, 'reviewLink');
  const sendAllAtOnce = Form.useWatch('sendAllAtOnce', form) ?? DEFAULT_SEND_ALL_AT_ONCE;

  const hasRecipients = typeof contactFilterId === 'number' && contactFilterId > 0;
  // How many contacts the filter matches, and one of them to preview the message with.
  const recipients = useResourceQuery('contactFilters', 'countMatching', {
    // Counted as recipients of this type: ACTIVE contacts with an address for its channel, each once.
    values: hasRecipients ? { businessId: business.id, contactFilterId, type } : undefined,
    queryOptions: { enabled: hasRecipients },
  });
  const { mutate: create, mutation: creation } = useCreate<Campaign>();
  const { mutate: update, mutation: updating } = useUpdate<Campaign>();
  const { mutate: launch, mutation: launching } = useResourceAction('campaigns', 'launch');
  const [submitting, setSubmitting] = useState<Submission | null>(null);
  const [confirming, setConfirming] = useState<'launch' | 'schedule' | null>(null);
  // How this type's messages leave: the outbox (not delivered) until a channel is configured.
  const channel = wizard.senders?.channels[type];

  const previewContact = hasRecipients ? (recipients.data?.data.sample ?? null) : null;
  const preview = (text: string) =>
    previewContact
      ? renderMessage(text, { contact: previewContact, business: { name: business.name, reviewLink: wizard.businessReviewLink } })
      : '';

  // Every field is checked by the shared setup schema at its own path, again on each change.
  const rules = (field: keyof SetupValues) => [schemaRule<SetupValues>(campaignSetupSchema, (values) => toPayload(values, type, instant(values.startTime)), [field])];
  const ruleAt = (path: string) => [schemaRule<SetupValues>(campaignSetupSchema, (values) => toPayload(values, type, instant(values.startTime)), path.split('.'))];

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

  const busy = creation.isPending || updating.isPending || launching.isPending;
  const filterOptions = [
    ...wizard.filters.map((filter) => ({ value: filter.id, label: filter.name })),
    { value: CREATE_NEW_FILTER, label: '+ Create new filter' },
  ];

  return (
    <Row gutter={24}>
      <Col xs={24} xl={14}>
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 16 }}
          data-testid="campaign-summary-line"
          items={[
            { key: 'name', label: 'Name', children: name },
            { key: 'type', label: 'Type', children: CAMPAIGN_TYPE_LABELS[type] },
            ...senderItems(type, wizard.senders),
          ]}
        />
        {channel && !channel.delivers && (
          <Alert type="warning" showIcon className="setup-channel-note" message={channel.note} data-testid="channel-note" />
        )}
        <Form<SetupValues> form={form} layout="vertical" requiredMark={false} validateTrigger={validation.validateTrigger} initialValues={initialValues(business, wizard.editing, times)}>
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
          <Form.Item
            label="Recipients"
            name="contactFilterId"
            rules={rules('contactFilterId')}
            extra={
              hasRecipients
                ? recipients.isFetching
                  ? 'Counting recipients...'
                  : `${recipients.data?.data.count ?? 0} recipients match this filter`
                : undefined
            }
          >
            <Select
              {...searchableSelect}
              placeholder="Choose who receives the campaign"
              aria-label="Recipients"
              loading={wizard.filtersLoading}
              options={filterOptions}
              onChange={(value) => {
                if (value === CREATE_NEW_FILTER) {
                  form.setFieldValue('contactFilterId', undefined);
                  setFilterDialogOpen(true);
                }
              }}
            />
          </Form.Item>
          {type === 'EMAIL' && (
            <Form.Item label="Email subject" name="subject" rules={rules('subject')}>
              <Input />
            </Form.Item>
          )}
          <Form.Item label="Message" name="messageBody" rules={rules('messageBody')}>
            <MessageEditor />
          </Form.Item>
          {!wizard.hasReviewSites && isReviewRequest && (
            // Said here, while writing, rather than as a refusal after the confirmation.
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="no-review-sites"
              message={campaignMessages.reviewLinkMissing}
              action={<Link to="/business-settings">Open Business settings</Link>}
            />
          )}
          <FollowUpFields type={type} remind={remind} rule={ruleAt} />
          <Card size="small" title="Send pacing" style={{ marginBottom: 16 }}>
            <Flex vertical gap={12}>
              <Flex gap={8} align="center">
                <Form.Item name="sendAllAtOnce" valuePropName="checked" noStyle>
                  <Switch aria-label="Send all at once" />
                </Form.Item>
                <Typography.Text>Send all at once</Typography.Text>
              </Flex>
              <Flex gap={8} align="center">
                <Switch
                  aria-label="Custom interval"
                  checked={!sendAllAtOnce}
                  onChange={(custom) => form.setFieldValue('sendAllAtOnce', !custom)}
                />
                <Typography.Text>Custom interval</Typography.Text>
              </Flex>
              {!sendAllAtOnce && (
                <Flex gap={12} wrap>
                  <Form.Item label="Interval (minutes)" name="interval" rules={rules('interval')} style={{ marginBottom: 0 }}>
                    <Select {...searchableSelect} style={{ width: 160 }} options={INTERVAL_OPTIONS.map((minutes) => ({ value: minutes, label: `${minutes} min` }))} />
                  </Form.Item>
                  <Form.Item label="Recipients per interval" name="intervalSize" rules={rules('intervalSize')} style={{ marginBottom: 0 }}>
                    <Select {...searchableSelect} style={{ width: 160 }} options={INTERVAL_SIZE_OPTIONS.map((size) => ({ value: size, label: String(size) }))} />
                  </Form.Item>
                </Flex>
              )}
            </Flex>
          </Card>
          <Flex gap={8} justify="end">
            {wizard.editing ? (
              <Button type="primary" loading={busy && submitting === 'update'} onClick={() => submit('update')}>
                Save changes
              </Button>
            ) : (
              <>
                <Button disabled={Boolean(startTime) || busy} loading={busy && submitting === 'draft'} onClick={() => submit('draft')}>
                  Save as draft
                </Button>
                {startTime ? (
                  <Button type="primary" loading={busy && submitting === 'schedule'} onClick={() => submit('schedule')}>
                    Schedule campaign
                  </Button>
                ) : (
                  <Button type="primary" loading={busy && submitting === 'launch'} onClick={() => submit('launch')}>
                    Launch
                  </Button>
                )}
              </>
            )}
          </Flex>
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="Preview" size="small" data-testid="message-preview">
          {previewContact ? (
            <MessagePreview
              recipientName={`${previewContact.firstName} ${previewContact.lastName}`}
              channels={[type]}
              subject={preview(subject)}
              body={preview(messageBody)}
              email={{
                senders: wizard.senders,
                businessName: business.name,
                reviewRequest: isReviewRequest,
              }}
            />
          ) : (
            <Empty description={previewEmptyText(hasRecipients, recipients.isFetching)} />
          )}
        </Card>
      </Col>
      <LaunchConfirmDialog
        submission={confirming}
        name={name}
        type={type}
        startTime={instant(startTime)}
        recipients={recipients.isFetching ? undefined : recipients.data?.data.count}
        channel={channel}
        onConfirm={() => {
          const submission = confirming!;
          setConfirming(null);
          void submit(submission, true);
        }}
        onCancel={() => setConfirming(null)}
      />
      <FilterDialog
        open={filterDialogOpen}
        businessId={business.id}
        onClose={() => setFilterDialogOpen(false)}
        onSaved={(filter) => {
          setFilterDialogOpen(false);
          void wizard.refetchFilters();
          form.setFieldValue('contactFilterId', filter.id);
        }}
      />
    </Row>
  );
}
