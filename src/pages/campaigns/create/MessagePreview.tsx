import { Alert, Flex, Typography } from 'antd';
import type { CampaignSenders } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import { SMS_SEGMENTS_WARNING, smsSegments, smsSegmentsMessages } from '#domain/sms-segments';
import { EmailEnvelope, EmailFooter } from './SenderLine';

/** For a text message: its characters and segments (GSM-7 or UCS-2), with a warning above three. */
function SegmentCount({ text }: { text: string }) {
  const count = smsSegments(text);
  return (
    <Flex vertical gap={4} data-testid="sms-segments">
      <Typography.Text type="secondary">{smsSegmentsMessages.summary(count)}</Typography.Text>
      {count.segments > SMS_SEGMENTS_WARNING && <Alert type="warning" showIcon message={smsSegmentsMessages.tooLong(count.segments)} />}
    </Flex>
  );
}

type Props = {
  /** Who it is shown as: 'Ana Horvat'. */
  recipientName: string;
  /** The channels it may go by: an email shows its subject, a text message its segments. */
  channels: readonly CampaignType[];
  /** Both rendered for that recipient (the renderer delivery uses). */
  subject: string;
  body: string;
  /** An email's envelope (From, Reply-To) and the footer its HTML part adds; without it only the subject is shown. */
  email?: { senders: CampaignSenders | null; businessName: string; reviewRequest: boolean };
};

/** A message as one recipient receives it (the wizard's and the review automation's preview). */
export function MessagePreview({ recipientName, channels, subject, body, email }: Props) {
  const isEmail = channels.includes('EMAIL');
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">As {recipientName} will receive it</Typography.Text>
      {isEmail && (email ? <EmailEnvelope senders={email.senders} subject={subject} /> : <Typography.Text strong>{subject}</Typography.Text>)}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="preview-body">
        {body}
      </Typography.Paragraph>
      {isEmail && email && <EmailFooter {...email} />}
      {channels.includes('SMS') && <SegmentCount text={body} />}
    </Flex>
  );
}
