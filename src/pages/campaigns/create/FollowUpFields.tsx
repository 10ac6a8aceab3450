import { Card, Flex, Form, Input, InputNumber, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { FOLLOW_UP_DAYS } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import { MessageEditor } from './MessageEditor';

/** The setup form's reminder fields (its values are `remind`, `followUpDays`, `followUpSubject`, `followUpBody`). */
export type FollowUpValues = { remind: boolean; followUpDays: number; followUpSubject: string; followUpBody: string };

export const followUpInitialValues = (followUp: { afterDays: number; messageBody: string; subject: string | null } | null): FollowUpValues => ({
  remind: Boolean(followUp),
  followUpDays: followUp?.afterDays ?? FOLLOW_UP_DAYS.default,
  followUpSubject: followUp?.subject ?? '',
  followUpBody: followUp?.messageBody ?? '',
});

export const followUpPayload = (values: FollowUpValues) =>
  values.remind ? { afterDays: values.followUpDays, messageBody: values.followUpBody, subject: values.followUpSubject || null } : null;

/** One reminder, to those who have not opened their review page after N days (review requests only). */
export function FollowUpFields({ type, remind, rule }: { type: CampaignType; remind: boolean; rule: (path: string) => Rule[] }) {
  return (
    <Card size="small" title="Reminder" style={{ marginBottom: 16 }}>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <Form.Item name="remind" valuePropName="checked" noStyle>
            <Switch aria-label="Send a reminder" />
          </Form.Item>
          <Typography.Text id="remind-label">Remind those who have not opened the review page after</Typography.Text>
          <Form.Item name="followUpDays" rules={rule('followUp.afterDays')} noStyle={!remind} style={{ marginBottom: 0 }}>
            <InputNumber min={FOLLOW_UP_DAYS.min} max={FOLLOW_UP_DAYS.max} precision={0} disabled={!remind} aria-label="Days before the reminder" style={{ width: 80 }} />
          </Form.Item>
          <Typography.Text>days</Typography.Text>
        </Flex>
        {remind && (
          <>
            {type === 'EMAIL' && (
              <Form.Item label="Reminder subject (empty: the same subject)" name="followUpSubject" rules={rule('followUp.subject')} style={{ marginBottom: 0 }}>
                <Input />
              </Form.Item>
            )}
            <Form.Item label="Reminder message" name="followUpBody" rules={rule('followUp.messageBody')} style={{ marginBottom: 0 }}>
              <MessageEditor />
            </Form.Item>
          </>
        )}
      </Flex>
    </Card>
  );
}
