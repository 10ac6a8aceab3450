import type { DeliveryConfig } from '../config';
import { POSTMARK_METADATA_KEY } from '../inbound/email-events/postmark';
import { deliveryToken } from '../inbound/reports';

/**
 * The headers by which a report finds its email: ours, which bounces quote back and SES
 * notifications include, and the custom-data header of each configured provider, which its
 * events carry back (Postmark's Metadata, Mailgun's user-variables, SendGrid's unique args).
 * The value is the delivery's token: unguessable, and already in the email's unsubscribe link.
 */
export function deliveryHeaders(settings: Pick<DeliveryConfig, 'emailEvents'>, unsubscribeToken: string): Record<string, string | PreparedHeader> {
  const token = deliveryToken(unsubscribeToken);
  const { postmarkSecret, mailgunSigningKey, sendgridPublicKey } = settings.emailEvents;
  return {
    'X-Starboost-Delivery': token,
    ...(postmarkSecret ? { [`X-PM-Metadata-${POSTMARK_METADATA_KEY}`]: token } : {}),
    ...(mailgunSigningKey ? { 'X-Mailgun-Variables': json({ starboost_delivery: token }) } : {}),
    ...(sendgridPublicKey ? { 'X-SMTPAPI': json({ unique_args: { starboost_delivery: token } }) } : {}),
  };
}

/** A header nodemailer sends as written: JSON must reach the provider as JSON, not as an encoded word. */
type PreparedHeader = { prepared: true; value: string };
const json = (value: object): PreparedHeader => ({ prepared: true, value: JSON.stringify(value) });

/**
 * List-Unsubscribe: the one-click link (RFC 8058), and with BOUNCE_DOMAIN also a mailto: address
 * naming the delivery, which mail apps that unsubscribe by email (Apple Mail) write to; the
 * request comes back through the inbound-email webhook.
 */
export function listUnsubscribe(url: string, bounceDomain: string | null, unsubscribeToken: string): string {
  const mailto = bounceDomain ? `, <mailto:unsubscribe+${deliveryToken(unsubscribeToken)}@${bounceDomain}?subject=unsubscribe>` : '';
  return `<${url}>${mailto}`;
}
