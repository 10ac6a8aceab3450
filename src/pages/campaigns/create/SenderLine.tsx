import { Descriptions, Flex, Typography } from 'antd';
import type { CampaignSenders } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import { PRODUCT_NAME } from '#domain/messages';

/** The summary's sender rows: an email's From and Reply-To as the recipient sees them; a text's sender, or what to ask for. */
export function senderItems(type: CampaignType, senders: CampaignSenders | null) {
  if (!senders) return [{ key: 'sender', label: 'Sender', children: 'Loading…' }];
  if (type === 'EMAIL') {
    return [
      { key: 'sender', label: 'From', children: senders.email },
      { key: 'reply-to', label: 'Replies go to', children: senders.replyTo },
    ];
  }
  return [{ key: 'sender', label: 'Sender', children: senders.sms ?? <MissingSmsSender request={senders.smsSetupRequest} /> }];
}

/** No SMS sender is configured: the request the owner can forward to whoever runs the server, ready to copy. */
function MissingSmsSender({ request }: { request: string | null }) {
  return (
    <Flex vertical gap={4} data-testid="sms-sender-missing">
      <Typography.Text strong>Text messages have no sender yet.</Typography.Text>
      <Typography.Text>Send this to whoever runs {PRODUCT_NAME} for you:</Typography.Text>
      {request && (
        <Typography.Paragraph copyable={{ text: request, tooltips: ['Copy the request', 'Copied'] }} style={{ marginBottom: 0 }}>
          “{request}”
        </Typography.Paragraph>
      )}
    </Flex>
  );
}

/** The email preview's envelope: who it is from, where replies go, and its subject. */
export function EmailEnvelope({ senders, subject }: { senders: CampaignSenders | null; subject: string }) {
  return (
    <Descriptions size="small" column={1} data-testid="preview-envelope">
      {senders && <Descriptions.Item label="From">{senders.email}</Descriptions.Item>}
      {senders && <Descriptions.Item label="Reply-To">{senders.replyTo}</Descriptions.Item>}
      <Descriptions.Item label="Subject">
        <Typography.Text strong>{subject}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** What the HTML part adds below the text: the star row of a review request, the unsubscribe link and the postal address. */
export function EmailFooter({ senders, businessName, reviewRequest }: { senders: CampaignSenders | null; businessName: string; reviewRequest: boolean }) {
  return (
    <Flex vertical gap={4} data-testid="preview-footer">
      {reviewRequest && (
        <Typography.Text>
          How was your visit? Tap a star: <span aria-label="five star links, each recording its rating">★★★★★</span>
        </Typography.Text>
      )}
      <Typography.Text type="secondary">
        You receive this email as a customer of {businessName}. <Typography.Text underline type="secondary">Unsubscribe</Typography.Text>
        {senders && (
          <>
            <br />
            {businessName}, {senders.postalAddress}
          </>
        )}
      </Typography.Text>
    </Flex>
  );
}
