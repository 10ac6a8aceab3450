import { useCreate, useCustom, useCustomMutation, useUpdate } from '@refinedev/core';
import { Button, Card, Col, DatePicker, Descriptions, Empty, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  campaignSetupSchema,
  CAMPAIGN_TYPE_LABELS,
  DEFAULT_INTERVAL,
  DEFAULT_INTERVAL_SIZE,
  DEFAULT_SEND_ALL_AT_ONCE,
  defaultSubject,
  INTERVAL_OPTIONS,
  INTERVAL_SIZE_OPTIONS,
  renderMessage,
  type Campaign,
  type CampaignType,
} from '../../../domain/campaigns';
import { toasts } from '../../../domain/messages';
import { fieldErrors, type FieldErrors } from '../../../domain/rules';
import type { HttpError } from '@refinedev/core';
import type { SelectedBusiness } from '../../../providers/selected-business';
import { showFieldErrors } from '../../../components/forms/show-field-errors';
import { FilterDialog } from './FilterDialog';
import { MessageEditor } from './MessageEditor';
import { defaultStartTime, disabledTimeOf, isPastDay, SLOT_MINUTES } from './schedule';
import type { useCampaignWizard } from './useCampaignWizard';

type SetupValues = {
  startTime: Dayjs | null;
  contactFilterId?: number;
  messageBody: string;
  subject: string;
  sendAllAtOnce: boolean;
  interval: number;
  intervalSize: number;
};
type Submission = 'draft' | 'schedule' | 'launch' | 'update';
const CREATE_NEW_FILTER = -1;

type Props = {
  business: SelectedBusiness;
  type: CampaignType;
  name: string;
  wizard: ReturnType<typeof useCampaignWizard>;
};

function initialValues(business: SelectedBusiness, editing: Campaign | null): SetupValues {
  return {
    startTime: editing?.startTime ? dayjs(editing.startTime) : null,
    contactFilterId: editing?.contactFilterId,
    messageBody: editing?.messageBody ?? '',
    subject: editing?.subject ?? defaultSubject(business.name),
    sendAllAtOnce: editing?.sendAllAtOnce ?? DEFAULT_SEND_ALL_AT_ONCE,
    interval: editing?.interval ?? DEFAULT_INTERVAL,
    intervalSize: editing?.intervalSize ?? DEFAULT_INTERVAL_SIZE,
  };
}

/** Step 3: summary, schedule, recipients, message with preview, subject (email), pacing, and the buttons. */
export function SetupForm({ business, type, name, wizard }: Props) {
  const [form] = Form.useForm<SetupValues>();
  const navigate = useNavigate();
  const [filterDialogOpen, setFilterDialogOpen] = useState(false);
  const startTime = Form.useWatch('startTime', form);
  const contactFilterId = Form.useWatch('contactFilterId', form);
  const messageBody = Form.useWatch('messageBody', form) ?? '';
  const subject = Form.useWatch('subject', form) ?? '';
  const sendAllAtOnce = Form.useWatch('sendAllAtOnce', form) ?? DEFAULT_SEND_ALL_AT_ONCE;

  const recipients = useCustom<{ count: number }>({
    url: '',
    method: 'post',
    config: { payload: { businessId: business.id, contactFilterId } },
    meta: { resource: 'contactFilters', action: 'countMatching' },
    queryOptions: { enabled: typeof contactFilterId === 'number' && contactFilterId > 0 },
  });
  const { mutate: create, mutation: creation } = useCreate<Campaign>();
  const { mutate: update, mutation: updating } = useUpdate<Campaign>();
  const { mutate: launch, mutation: launching } = useCustomMutation<Campaign>();
  const [submitting, setSubmitting] = useState<Submission | null>(null);

  const sender = type === 'SMS' ? wizard.senders?.sms : wizard.senders?.email;
  const preview = (text: string) =>
    wizard.previewContact
      ? renderMessage(text, { contact: wizard.previewContact, business: { name: business.name, reviewLink: wizard.businessReviewLink } })
      : '';

  const submit = async (submission: Submission) => {
    const values = form.getFieldsValue(true) as SetupValues;
    const payload = {
      type,
      contactFilterId: values.contactFilterId,
      messageBody: values.messageBody,
      subject: type === 'EMAIL' ? values.subject : null,
      interval: values.interval,
      intervalSize: values.intervalSize,
      sendAllAtOnce: values.sendAllAtOnce,
      startTime: submission === 'launch' || submission === 'draft' ? null : (values.startTime?.toISOString() ?? null),
    };
    const parsed = campaignSetupSchema.safeParse(payload);
    if (!parsed.success) return showFieldErrors(form, fieldErrors(parsed.error));
    const body = { ...payload, name: name.trim(), businessId: business.id };
    const done = () => navigate('/campaigns');
    const failed = (error: HttpError) => showFieldErrors(form, error.errors as FieldErrors | undefined);
    setSubmitting(submission);
    if (submission === 'update' && wizard.editing) {
      return update(
        {
          resource: 'campaigns',
          id: wizard.editing.id,
          values: { ...body, startTime: values.startTime?.toISOString() ?? null },
          successNotification: () => ({ type: 'success', message: 'Campaign Updated', description: 'The campaign has been saved.' }),
        },
        { onSuccess: done, onError: failed },
      );
    }
    if (submission === 'launch') {
      const { startTime: _none, ...launchBody } = body;
      return launch(
        {
          url: '',
          method: 'post',
          values: launchBody,
          meta: { resource: 'campaigns', action: 'launch' },
          successNotification: () => ({ type: 'success', ...toasts.campaignStarted }),
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
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="campaign-summary-line">
          <Descriptions.Item label="Name">{name}</Descriptions.Item>
          <Descriptions.Item label="Type">{CAMPAIGN_TYPE_LABELS[type]}</Descriptions.Item>
          <Descriptions.Item label="Sender">
            {sender ?? (type === 'SMS' ? 'No SMS sender number is configured' : 'No email sender address is configured')}
          </Descriptions.Item>
        </Descriptions>
        <Form<SetupValues> form={form} layout="vertical" requiredMark={false} initialValues={initialValues(business, wizard.editing)}>
          <Form.Item label="Scheduled start" name="startTime" extra="Leave empty to save a draft or launch now.">
            <DatePicker
              showTime={{ format: 'HH:mm', minuteStep: SLOT_MINUTES, defaultValue: defaultStartTime() }}
              format="DD.MM.YYYY HH:mm"
              disabledDate={(day) => isPastDay(day)}
              disabledTime={(day) => disabledTimeOf(day)}
              style={{ width: 240 }}
              aria-label="Scheduled start"
            />
          </Form.Item>
          <Form.Item
            label="Recipients"
            name="contactFilterId"
            extra={
              typeof contactFilterId === 'number' && contactFilterId > 0
                ? recipients.query.isFetching
                  ? 'Counting recipients...'
                  : `${recipients.query.data?.data.count ?? 0} recipients match this filter`
                : undefined
            }
          >
            <Select
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
            <Form.Item label="Email subject" name="subject">
              <Input />
            </Form.Item>
          )}
          <Form.Item label="Message" name="messageBody">
            <MessageEditor />
          </Form.Item>
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
                  <Form.Item label="Interval (minutes)" name="interval" style={{ marginBottom: 0 }}>
                    <Select style={{ width: 160 }} options={INTERVAL_OPTIONS.map((minutes) => ({ value: minutes, label: `${minutes} min` }))} />
                  </Form.Item>
                  <Form.Item label="Recipients per interval" name="intervalSize" style={{ marginBottom: 0 }}>
                    <Select style={{ width: 160 }} options={INTERVAL_SIZE_OPTIONS.map((size) => ({ value: size, label: String(size) }))} />
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
          {wizard.previewContact ? (
            <Flex vertical gap={8}>
              <Typography.Text type="secondary">
                As {wizard.previewContact.firstName} {wizard.previewContact.lastName} will receive it
              </Typography.Text>
              {type === 'EMAIL' && <Typography.Text strong>{preview(subject)}</Typography.Text>}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="preview-body">
                {preview(messageBody)}
              </Typography.Paragraph>
            </Flex>
          ) : (
            <Empty description="Add a contact to see the message as a customer will." />
          )}
        </Card>
      </Col>
      <FilterDialog
        open={filterDialogOpen}
        businessId={business.id}
        onClose={() => setFilterDialogOpen(false)}
        onCreated={(filter) => {
          setFilterDialogOpen(false);
          void wizard.refetchFilters();
          form.setFieldValue('contactFilterId', filter.id);
        }}
      />
    </Row>
  );
}
