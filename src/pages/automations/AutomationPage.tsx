import { Alert, Button, Card, Col, Flex, Form, InputNumber, Row, Select, Statistic, Switch, Typography } from 'antd';
import { AUTOMATION_CHANNEL_LABELS, AUTOMATION_CHANNELS, AUTOMATION_DELAY_MINUTES, channelsOf, type Automation } from '#domain/automation';
import { CAMPAIGN_TYPE_LABELS } from '#domain/campaign-status';
import { renderMessage, type TemplateContact } from '#domain/templates';
import { useSelectedBusiness } from '../../business/selected-business';
import { useValidateOnSubmitThenChange } from '../../components/forms/useValidateOnSubmitThenChange';
import { LoadError, LoadingState } from '../../components/ListStates';
import { CountBars } from '../../components/reviews/CountBars';
import { funnelBars } from '../../components/reviews/review-steps';
import { useResourceQuery } from '../../resources/useResourceAction';
import { FollowUpFields } from '../campaigns/create/FollowUpFields';
import { MessageFields } from '../campaigns/create/MessageFields';
import { MessagePreview } from '../campaigns/create/MessagePreview';
import { AutomationLog } from './AutomationLog';
import { DELAY_UNITS, useAutomationForm, type AutomationFormValues } from './useAutomationForm';
import { counted } from '#domain/words';
import { searchableSelect } from '../../components/forms/searchable-select';

/** Who the preview shows the message as: any customer of the business. */
const SAMPLE_CUSTOMER: TemplateContact = {
  firstName: 'Ana',
  lastName: 'Horvat',
  email: 'ana.horvat@example.com',
  phoneNumber: '385911234567',
  birthDate: '1990-04-12',
  gender: 'FEMALE',
  tags: '',
};

const DELAY_UNIT_OPTIONS = (Object.keys(DELAY_UNITS) as Array<keyof typeof DELAY_UNITS>).map((unit) => ({ value: unit, label: unit }));

/**
 * The business's review automation: on/off, the delay after a visit, the channel, the message
 * with the wizard's editor, preview and reminder, what it achieved, and the log of every visit.
 */
export default function AutomationPage() {
  const business = useSelectedBusiness()!;
  const automationForm = useAutomationForm(business);
  const { automation, query, formProps } = automationForm;
  const senders = useResourceQuery('campaigns', 'senders');
  const form = formProps.form;
  const channel = Form.useWatch('channel', form) ?? automation?.channel ?? 'SMS_FIRST';
  const messageBody = Form.useWatch('messageBody', form) ?? '';
  const subject = Form.useWatch('subject', form) ?? '';

  if (query?.isLoading || (!automation && !query?.isError)) return <LoadingState text="Loading the automation" />;
  if (!automation) return <LoadError what="review automation" error={query?.error} onRetry={() => void query?.refetch()} />;

  const channels = channelsOf(channel);
  const sampleLink = senders.data?.data.sampleReviewLink ?? null;
  const preview = (text: string) => renderMessage(text, { contact: SAMPLE_CUSTOMER, business: { name: business.name, reviewLink: sampleLink } });
  // A channel that does not deliver here (the outbox, or a setting missing) is said before saving.
  const undelivered = channels.flatMap((type) => {
    const setup = senders.data?.data.channels[type];
    return setup && !setup.delivers ? [{ type, note: setup.note }] : [];
  });

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Review automation
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Asks every customer for a review a while after their visit: checking contacts in on the Contacts screen is a visit.
        </Typography.Paragraph>
      </div>
      {automation.failureReason && (
        <Alert type="error" showIcon message={automation.failureReason} data-testid="automation-failure" />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title="Settings" size="small">
            {undelivered.map(({ type, note }) => (
              <Alert key={type} type="warning" showIcon className="setup-channel-note" message={`${CAMPAIGN_TYPE_LABELS[type]}: ${note}`} />
            ))}
            <SettingsForm automationForm={automationForm} channels={channels} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <Card title="Preview" size="small" data-testid="message-preview">
              <MessagePreview
                recipientName={`${SAMPLE_CUSTOMER.firstName} ${SAMPLE_CUSTOMER.lastName}`}
                channels={channels}
                subject={preview(subject)}
                body={preview(messageBody)}
              />
            </Card>
            <Results automation={automation} />
          </Flex>
        </Col>
      </Row>
      <Card title="Log" size="small">
        <AutomationLog />
      </Card>
    </Flex>
  );
}

/** The automation's settings: on/off, delay, channel, subject, message and reminder, saved together. */
function SettingsForm({ automationForm, channels }: { automationForm: ReturnType<typeof useAutomationForm>; channels: ReturnType<typeof channelsOf> }) {
  const { formProps, saving, ruleAt, reminderRule } = automationForm;
  const validation = useValidateOnSubmitThenChange();
  const remind = Form.useWatch('remind', formProps.form) ?? false;
  // The subject and the reminder's fields follow email when the automation may send one.
  const emailOrSms = channels.includes('EMAIL') ? 'EMAIL' : 'SMS';
  return (
    <Form<AutomationFormValues>
      {...formProps}
      layout="vertical"
      requiredMark={false}
      validateTrigger={validation.validateTrigger}
      onSubmitCapture={validation.onSubmitCapture}
    >
      <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
        <Form.Item name="enabled" valuePropName="checked" noStyle>
          <Switch aria-label="Ask for a review after each visit" />
        </Form.Item>
        <Typography.Text strong>Ask for a review after each visit</Typography.Text>
      </Flex>
      <Flex gap={8} align="start" wrap>
        <Form.Item label="Delay after the visit" name="delayAmount" rules={ruleAt('delayMinutes')}>
          <InputNumber min={AUTOMATION_DELAY_MINUTES.min} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="Unit" name="delayUnit">
          <Select {...searchableSelect} options={DELAY_UNIT_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="Send by" name="channel" rules={ruleAt('channel')}>
          <Select {...searchableSelect} options={AUTOMATION_CHANNELS.map((value) => ({ value, label: AUTOMATION_CHANNEL_LABELS[value] }))} style={{ width: 240 }} />
        </Form.Item>
      </Flex>
      <MessageFields type={emailOrSms} rules={ruleAt} />
      <FollowUpFields type={emailOrSms} remind={remind} rule={reminderRule} />
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={saving}>
          Save automation
        </Button>
      </Flex>
    </Form>
  );
}

/** What the automation achieved: its visits, the review funnel of its requests, ratings and reminders. */
function Results({ automation }: { automation: Automation }) {
  const { visits, funnel, averageRating, reminders } = automation;
  return (
    <Card title="Results" size="small" data-testid="automation-results">
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col span={8}>
          <Statistic title="Visits" value={visits.total} />
        </Col>
        <Col span={8}>
          <Statistic title="Asked" value={visits.requested} />
        </Col>
        <Col span={8}>
          <Statistic title="Average rating" value={averageRating ?? '–'} suffix={averageRating === null ? undefined : '/ 5'} />
        </Col>
      </Row>
      <CountBars label="Review funnel" bars={funnelBars(funnel)} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {counted(visits.skipped, 'visit was', 'visits were')} not asked about (the log says why). {reminders.sent} of{' '}
        {reminders.recipients} reminders sent.
      </Typography.Paragraph>
    </Card>
  );
}
