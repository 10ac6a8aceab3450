import { Card, Empty } from 'antd';
import type { CampaignSenders } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import { renderMessage } from '#domain/templates';
import { MessagePreview } from './MessagePreview';
import type { Recipients } from './useSetupForm';

/** Why the preview has no recipient to show the message as. */
const previewEmptyText = (hasRecipients: boolean, counting: boolean) =>
  !hasRecipients
    ? 'Choose the recipients to see the message as one of them will receive it.'
    : counting
      ? 'Counting recipients...'
      : 'No contact matches this filter yet: add or import contacts to see the message as a customer will.';

type Props = {
  type: CampaignType;
  businessName: string;
  senders: CampaignSenders | null;
  /** A sample tracked link for {{reviewLink}}; null without a review site. */
  reviewLink: string | null;
  recipients: Recipients;
  subject: string;
  messageBody: string;
  reviewRequest: boolean;
};

/** The message as the filter's sample contact will receive it. */
export function SetupPreview({ type, businessName, senders, reviewLink, recipients, subject, messageBody, reviewRequest }: Props) {
  const previewContact = recipients.sample;
  const preview = (text: string) =>
    previewContact ? renderMessage(text, { contact: previewContact, business: { name: businessName, reviewLink } }) : '';
  return (
    <Card title="Preview" size="small" data-testid="message-preview">
      {previewContact ? (
        <MessagePreview
          recipientName={`${previewContact.firstName} ${previewContact.lastName}`}
          channels={[type]}
          subject={preview(subject)}
          body={preview(messageBody)}
          email={{ senders, businessName, reviewRequest }}
        />
      ) : (
        <Empty description={previewEmptyText(recipients.chosen, recipients.counting)} />
      )}
    </Card>
  );
}
