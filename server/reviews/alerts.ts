import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
import type { FeedbackAlert } from './queries';

/**
 * The owner's email about a low rating, through the configured SMTP server; without one it stays
 * in the outbox (the feedback inbox on /reputation shows it either way).
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
      from: this.config.mailFrom,
      to: alert.ownerEmail,
      subject: `${alert.businessName}: a ${alert.rating}-star rating needs your attention`,
      text: [
        `Hello ${alert.ownerName},`,
        '',
        `${who} rated their visit ${alert.rating} of 5 stars on the review page of “${alert.campaignName}”.`,
        alert.message ? `\nTheir message:\n${alert.message}\n` : 'They left no message.',
        `All private feedback: ${appUrl}/reputation`,
      ].join('\n'),
    });
    return 'sent';
  }

  close() {
    this.transport?.close();
  }
}
