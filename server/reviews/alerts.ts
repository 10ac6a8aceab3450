import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
import { fromAddress } from '../sending/sender';
import type { FeedbackAlert } from './queries';

/**
 * The owner's email about a low rating, from the business's sender name, through the configured
 * SMTP server; without one it stays in the outbox (the feedback inbox on /reputation shows it either way).
 */
export class OwnerAlerts {
  private transport: Transporter | null = null;

  constructor(private readonly config: AppConfig) {}

  async send(alert: FeedbackAlert): Promise<'sent' | 'outbox'> {
    const { smtpUrl, sendTimeoutMs, appUrl } = this.config.delivery;
    if (!smtpUrl) return 'outbox';
    this.transport ??= nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: sendTimeoutMs,
      greetingTimeout: sendTimeoutMs,
      socketTimeout: sendTimeoutMs,
    });
    const who = alert.contactName ?? 'A customer';
    await this.transport.sendMail({
      from: fromAddress(this.config, alert.sender),
      // Replying answers the customer when their address is known; else it goes where the business's replies go.
      replyTo: alert.contactEmail ?? alert.sender.replyTo,
      to: alert.ownerEmail,
      subject: `${alert.sender.businessName}: a ${alert.rating}-star rating needs your attention`,
      text: [
        `Hello ${alert.ownerName},`,
        '',
        `${who} rated their visit ${alert.rating} of 5 stars on the review page of “${alert.campaignName}”.`,
        alert.message ? `\nTheir message:\n${alert.message}\n` : 'They left no message.',
        ...(alert.contactEmail ? [`Reply to this email to answer ${who} (${alert.contactEmail}).`] : []),
        `All private feedback: ${appUrl}/reputation`,
        `(You get one such email per review link and day; later messages wait on that page.)`,
      ].join('\n'),
    });
    return 'sent';
  }

  close() {
    this.transport?.close();
  }
}
