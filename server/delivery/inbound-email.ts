import { simpleParser, type Attachment } from 'mailparser';
import type { BounceKind } from '#domain';

/** What an inbound message says about a message we sent, and how to find that message. */
export type InboundReport = {
  kind: BounceKind;
  /** RFC 3463 status (5.1.1) of a bounce; the feedback type (abuse) of a complaint. */
  code: string;
  /** VERP tokens (bounce+{token}@…) found anywhere in the report, the original's envelope included. */
  tokens: string[];
  /** Message-IDs quoted in the report: the original's is one of them. */
  messageIds: string[];
};

const VERP_TOKEN = /bounce\+([0-9a-f]{32})@/gi;
const MESSAGE_ID = /^message-id:\s*(<[^>\s]+>)/gim;

const partText = (part: Attachment) => part.content.toString('utf8');

/**
 * Reads an inbound message (RFC 5322, as providers forward it) with mailparser: a delivery status
 * notification (RFC 3464, multipart/report; report-type=delivery-status) with a 5.x.x status is a
 * hard bounce and 4.x.x a soft one; an abuse report (ARF, RFC 5965, report-type=feedback-report)
 * is a complaint. Anything else (replies, auto-replies, successful DSNs) is null.
 */
export async function readInboundReport(raw: Buffer): Promise<InboundReport | null> {
  // Attachments kept as parts: the report's machine-readable part is one of them.
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextLinks: true, skipImageLinks: true });
  const contentType = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const reportType = contentType?.value === 'multipart/report' ? contentType.params?.['report-type']?.toLowerCase() : undefined;
  const parts = parsed.attachments;
  const text = raw.toString('latin1');
  const found = {
    tokens: [...new Set([...text.matchAll(VERP_TOKEN)].map((match) => match[1]!.toLowerCase()))],
    messageIds: [...new Set([...text.matchAll(MESSAGE_ID)].map((match) => match[1]!))],
  };

  const feedback = parts.find((part) => part.contentType === 'message/feedback-report');
  if (reportType === 'feedback-report' || feedback) {
    const type = feedback && /^feedback-type:\s*([\w-]+)/im.exec(partText(feedback))?.[1]?.toLowerCase();
    return { kind: 'complaint', code: type || 'abuse', ...found };
  }

  const status = parts.find((part) => part.contentType === 'message/delivery-status' || part.contentType === 'message/global-delivery-status');
  if (reportType !== 'delivery-status' && !status) return null;
  // Per-recipient fields follow the per-message ones; the first Status is the recipient's.
  const code = /^status:\s*([245]\.\d{1,3}\.\d{1,3})/im.exec(status ? partText(status) : text)?.[1];
  if (!code || code.startsWith('2')) return null;
  return { kind: code.startsWith('5') ? 'hard' : 'soft', code, ...found };
}
