import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Channel, OutgoingMessage, SendOutcome } from './channel-types';
import { unsubscribeUrl } from './paths';

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

// Connection trouble is worth another try; a message the server refuses to read is not.
const PERMANENT_CODES = new Set(['EMESSAGE', 'EENVELOPE', 'EAUTH', 'ECONFIG']);

/** SMTP 4xx and connection trouble are temporary; 5xx is permanent and keeps the server's reason. */
function classifySmtpError(error: SmtpError): { result: 'retry' | 'failed'; error: string } {
  const reason = (error.response ?? error.message).trim().slice(0, 500);
  if (error.responseCode && error.responseCode >= 500) return { result: 'failed', error: reason };
  if (error.responseCode && error.responseCode >= 400) return { result: 'retry', error: reason };
  if (error.code && PERMANENT_CODES.has(error.code)) return { result: 'failed', error: reason };
  return { result: 'retry', error: reason };
}

/** The envelope sender of one delivery: its bounce (or complaint) comes back naming the delivery. */
export const verpAddress = (bounceDomain: string, token: string) => `bounce+${token.replaceAll('-', '')}@${bounceDomain}`;

/** The text every campaign email ends with (RFC 8058 one-click unsubscribe is in the headers too). */
const unsubscribeFooter = (url: string) => `\n\n--\nTo stop receiving these emails, unsubscribe: ${url}\n`;

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

  const { dkim, bounceDomain } = config.delivery;
  // nodemailer signs these headers, in this order (each one present in every campaign email).
  const signed = dkim && { ...dkim, headerFieldNames: 'From:To:Subject:Date:Message-ID:List-Unsubscribe:List-Unsubscribe-Post' };

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
        ...(signed ? { dkim: signed } : {}),
        ...(bounceDomain ? { envelope: { from: verpAddress(bounceDomain, message.unsubscribeToken), to: message.address } } : {}),
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
