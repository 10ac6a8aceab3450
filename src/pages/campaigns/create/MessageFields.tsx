import { Alert, Form, Input } from 'antd';
import { Link } from 'react-router';
import { campaignMessages } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import { MessageEditor } from './MessageEditor';
import type { SetupRules } from './setup-values';

type Props = {
  type: CampaignType;
  rules: SetupRules;
  /** The message asks for a review but the business has no review site to link to. */
  noReviewSites?: boolean;
};

/** The email's subject, the message, and a warning when its review link could not be sent (the campaign wizard's and the automation's). */
export function MessageFields({ type, rules, noReviewSites = false }: Props) {
  return (
    <>
      {type === 'EMAIL' && (
        <Form.Item label="Email subject" name="subject" rules={rules('subject')}>
          <Input />
        </Form.Item>
      )}
      <Form.Item label="Message" name="messageBody" rules={rules('messageBody')}>
        <MessageEditor />
      </Form.Item>
      {noReviewSites && (
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
    </>
  );
}
