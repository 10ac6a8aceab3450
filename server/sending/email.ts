import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Channel, OutgoingMessage, SendOutcome } from './channel-types';
import { campaignEmailHtml, campaignEmailText, type CampaignEmailInput } from './campaign-email';
import { deliveryHeaders, listUnsubscribe } from './delivery-headers';
import { reviewUrl, unsubscribeUrl } from './paths';
import { fromAddress } from './sender';

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
  const signed = dkim && { ...dkim, headerFieldNames: 'From:Reply-To:To:Subject:Date:Message-ID:List-Unsubscribe:List-Unsubscribe-Post' };

  async function sendOne(message: OutgoingMessage): Promise<SendOutcome> {
    const { id, attempts, sender } = message;
    const url = unsubscribeUrl(config, message.unsubscribeToken);
    const content: CampaignEmailInput = {
      business: { name: sender.businessName, postalAddress: sender.postalAddress },
      subject: message.subject ?? '',
      message: message.body,
      reviewUrl: message.reviewToken && reviewUrl(config.delivery.appUrl, message.reviewToken),
      unsubscribeUrl: url,
    };
    try {
      const info = await transport.sendMail({
        from: fromAddress(config, sender),
        replyTo: sender.replyTo,
        to: message.address,
        subject: content.subject,
        // multipart/alternative: the text as before, and the same message in HTML.
        text: campaignEmailText(content),
        html: campaignEmailHtml(content),
        headers: {
          'List-Unsubscribe': listUnsubscribe(url, bounceDomain, message.unsubscribeToken),
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          ...deliveryHeaders(config.delivery, message.unsubscribeToken),
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
