import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import { unsubscribeUrl, type Channel, type OutgoingMessage, type SendOutcome } from './channels';

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

// Connection trouble is worth another try; a message the server refuses to read is not.
const PERMANENT_CODES = new Set(['EMESSAGE', 'EENVELOPE', 'EAUTH', 'ECONFIG']);

/** SMTP 4xx and connection trouble are temporary; 5xx is permanent and keeps the server's reason. */
export function classifySmtpError(error: SmtpError): { result: 'retry' | 'failed'; error: string } {
  const reason = (error.response ?? error.message).trim().slice(0, 500);
  if (error.responseCode && error.responseCode >= 500) return { result: 'failed', error: reason };
  if (error.responseCode && error.responseCode >= 400) return { result: 'retry', error: reason };
  if (error.code && PERMANENT_CODES.has(error.code)) return { result: 'failed', error: reason };
  return { result: 'retry', error: reason };
}

/** The text every campaign email ends with (RFC 8058 one-click unsubscribe is in the headers too). */
export const unsubscribeFooter = (url: string) => `\n\n--\nTo stop receiving these emails, unsubscribe: ${url}\n`;

/** Campaign emails over one pooled SMTP transport (SMTP_URL), one recipient per message. */
export function emailChannel(config: AppConfig): Channel {
  const timeout = config.delivery.sendTimeoutMs;
  const transport = nodemailer.createTransport({
    url: config.delivery.smtpUrl!,
    pool: true,
    maxConnections: config.delivery.smtpMaxConnections,
    maxMessages: Infinity,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });

  async function sendOne(message: OutgoingMessage): Promise<SendOutcome> {
    const { id, attempts } = message;
    const url = unsubscribeUrl(config, message.unsubscribeToken);
    try {
      const info = await transport.sendMail({
        from: config.mailFrom,
        to: message.address,
        subject: message.subject ?? '',
        text: message.body + unsubscribeFooter(url),
        headers: {
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      return { id, attempts, result: 'sent', providerId: info.messageId ?? null };
    } catch (error) {
      return { id, attempts, ...classifySmtpError(error as SmtpError) };
    }
  }

  return {
    name: 'smtp',
    send: (messages) => Promise.all(messages.map(sendOne)),
    close: async () => transport.close(),
  };
}
