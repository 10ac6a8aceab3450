import { createHash } from 'node:crypto';
import { isSesNotification, sesReports } from '../email-events/ses';
import type { DeliveryReport } from '../reports';
import { addressIn, fieldBlocks, fieldsOf, messageIdsIn, type Fields } from './fields';
import { dsnFinding, kindOfStatus, readDeliveryStatus, readFeedback, unique, type Finding } from './findings';
import { readMailParts, type MailPart } from './mime';
import { fromMailSystem, readTextBounce, textFormatOf } from './text-bounces';

/** Delivery tokens as our emails carry them: the VERP envelope sender, the unsubscribe address, our header. */
const TOKEN = /(?:bounce|unsubscribe)\+([0-9a-f]{32})@|x-starboost-delivery[ \t]*:[ \t]*<?([0-9a-f]{32})/gi;
const FEEDBACK_REPORT = new Set(['message/feedback-report', 'text/feedback-report']);


/** Parses a mail date ("Thu, 29 Apr 2010 10:00:00 +0900 (JST)"); null when it is none. */
function mailDate(value: string | undefined): Date | null {
  const time = Date.parse((value ?? '').replace(/\([^)]*\)/g, '').trim());
  return Number.isNaN(time) ? null : new Date(time);
}

/** The header blocks of the originals a report quotes: embedded messages, text/rfc822-headers, attached copies. */
function quotedHeaders(parts: MailPart[]): Fields[] {
  return parts.flatMap((part): Fields[] => {
    if (part.quoted && part.message) return [fieldsOf(part.headerText)];
    if (part.type === 'text/rfc822-headers' || part.type === 'message/rfc822') return fieldBlocks(part.text).slice(0, 1);
    return [];
  });
}

/**
 * What the text a person reads says: the plain text parts of the report itself, else its HTML
 * without tags, else the text of a multipart whose parts were never delimited.
 */
function reportText(parts: MailPart[]): string {
  const own = parts.filter((part) => !part.quoted);
  const texts = (type: string) => own.filter((part) => part.type === type || (type === 'multipart' && part.type.startsWith('multipart/'))).map((part) => part.text);
  const plain = texts('text/plain');
  if (plain.some((text) => text.trim())) return plain.join('\n');
  const html = texts('text/html').map((text) => text.replace(/<(?:style|script)[\s\S]*?<\/(?:style|script)>/gi, '').replace(/<[^>]+>/g, ' ').replace(/&nbsp;/g, ' '));
  return html.some((text) => text.trim()) ? html.join('\n') : texts('multipart').join('\n');
}

/**
 * An SES notification mailed by an SNS email subscription: its JSON is the text (or the Message of
 * the SNS envelope, for an email-json subscription), before SNS's footer; mail servers may have
 * folded its long line.
 */
function sesNotificationIn(text: string) {
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  if (!/notificationType|eventType/.test(json)) return null;
  for (const candidate of [json, json.replace(/\r?\n[ \t]?/g, '')]) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      const inner = (parsed as { Message?: unknown }).Message;
      const notification: unknown = typeof inner === 'string' ? JSON.parse(inner) : parsed;
      if (isSesNotification(notification)) return notification;
    } catch {
      // Try the unfolded text next.
    }
  }
  return null;
}

/** RFC 3834 auto-replies and the usual vacation markers: never a bounce or an opt-out. */
function isAutoReply(top: MailPart): boolean {
  const autoSubmitted = top.header('auto-submitted').toLowerCase();
  return (
    (autoSubmitted !== '' && !autoSubmitted.startsWith('no')) ||
    top.header('x-autoreply') !== '' ||
    top.header('x-autorespond') !== '' ||
    /^(?:auto_reply|auto-reply)$/i.test(top.header('precedence')) ||
    /^(?:auto(?:matic)?[ -]?(?:reply|response|antwort)|out of (?:the )?office|abwesenheit|absence|away from)/i.test(top.header('subject'))
  );
}

/**
 * An unsubscribe request: mail to a delivery's unsubscribe+{token}@ address (List-Unsubscribe's
 * mailto), or a request in words, such as Apple Mail's ("… Mail sent this email to unsubscribe").
 */
function isUnsubscribeRequest(top: MailPart, text: string): boolean {
  const addressedTo = ['to', 'delivered-to', 'x-original-to', 'envelope-to'].flatMap((name) => top.headerAll(name)).join(' ');
  return (
    /unsubscribe\+[0-9a-f]{32}@/i.test(addressedTo) ||
    /^\s*(?:unsubscribe|opt[ -]?out|remove me)\b/i.test(top.header('subject')) ||
    /\bMail sent this email to unsubscribe\b/i.test(text)
  );
}

type Seen = { parts: MailPart[]; top: MailPart; text: string; excluded: Set<string>; dsn: ReturnType<typeof readDeliveryStatus> };

/** Bounces, complaints and unsubscribe requests, in the order a report is recognised. */
function findingOf({ parts, top, text, excluded, dsn }: Seen): Finding | 'success' | null {
  const feedback = parts.find((part) => FEEDBACK_REPORT.has(part.type));
  if (feedback) return readFeedback(feedback);
  // Outlook.com's and Hotmail's complaints (JMRP) are no ARF: the complainer is in this header of the message they return.
  const jmrp = parts.find((part) => part.header('x-hmxmroriginalrecipient'));
  if (jmrp) return { kind: 'complaint', code: 'abuse', format: 'jmrp', recipients: [addressIn(jmrp.header('x-hmxmroriginalrecipient'))] };

  const fromDsn = dsnFinding(dsn.recipients);
  if (fromDsn) return fromDsn === 'success' ? 'success' : { ...fromDsn, arrivalDate: dsn.arrivalDate };

  const subject = top.header('subject');
  const format = textFormatOf(text, top.header('from'), subject);
  // A person's auto-reply (RFC 3834) is no bounce, whatever its words; mail servers' bounces carry the marker too.
  const autoReply = isAutoReply(top) && !fromMailSystem(top.header('from'));
  // A DSN without a status (or an empty one) is read from its text, its recipients kept.
  if (!autoReply && (format || dsn.recipients.length > 0)) {
    const bounce = readTextBounce(format ?? { name: 'rfc3464' }, text, subject, excluded);
    if (bounce.status) {
      const named = [...dsn.recipients.map((recipient) => recipient.address), ...top.headerAll('x-failed-recipients').flatMap((value) => value.split(','))];
      return {
        kind: kindOfStatus(bounce.status),
        code: bounce.status,
        format: bounce.format,
        recipients: unique([...named.map(addressIn), ...bounce.recipients].filter(Boolean)),
        arrivalDate: dsn.arrivalDate,
        original: bounce.original,
      };
    }
  }
  if (isUnsubscribeRequest(top, text)) return { kind: 'unsubscribe', code: 'request', format: 'unsubscribe-request', recipients: [] };
  return null;
}

/**
 * Reads an inbound message as providers forward it (RFC 5322): a delivery status notification
 * (RFC 3464) or a plain-text bounce of a known mail server (TEXT_FORMATS) with a 5.x.x status is
 * a hard bounce and 4.x.x a soft one; an abuse report (ARF) or an Outlook.com complaint (JMRP) a
 * complaint; an ARF opt-out or an unsubscribe request an unsubscribe. Auto-replies (RFC 3834),
 * successful DSNs and ordinary mail are null. Throws UnreadableMail for a message too deep to read.
 */
export async function readInboundReport(raw: Buffer): Promise<DeliveryReport | null> {
  const parts = await readMailParts(raw);
  const top = parts[0]!;
  const text = reportText(parts);
  // What names this report: its Message-ID, or else its bytes (a retry posts the same bytes).
  const messageId = messageIdsIn(top.header('message-id'))[0];
  const reportId = messageId ? `message-id:${messageId}` : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  const ses = sesNotificationIn(text);
  if (ses) return sesReports(ses, reportId)[0] ?? null;
  const originals = quotedHeaders(parts);
  // The original's sender is named in many bounces; it is never the failed recipient.
  const excluded = new Set(
    [...originals.flatMap((fields) => [fields.get('from'), fields.get('return-path'), fields.get('sender')]), top.header('to'), top.header('from')]
      .map(addressIn)
      .filter(Boolean),
  );
  const dsn = readDeliveryStatus(parts, text);
  const finding = findingOf({ parts, top, text, excluded, dsn });
  if (!finding || finding === 'success') return null;

  const inText = finding.original ? fieldBlocks(finding.original)[0] : undefined;
  const quoted = inText ? [...originals, inText] : originals;
  const everything = parts.map((part) => `${part.headerText}\n${part.text}`).join('\n');
  const recipients =
    finding.format === 'unsubscribe-request'
      ? [] // The sender of a request is no proof of who asks: only its token or the quoted Message-ID find the email.
      : unique([...finding.recipients, ...quoted.flatMap((fields) => ['to', 'x-original-to', 'delivered-to'].map((name) => addressIn(fields.get(name))))].filter(Boolean));
  return {
    kind: finding.kind,
    code: finding.code,
    format: finding.format,
    tokens: unique([...everything.matchAll(TOKEN)].map((match) => (match[1] ?? match[2])!.toLowerCase())),
    messageIds: unique([
      ...quoted.flatMap((fields) => messageIdsIn(fields.get('message-id'))),
      ...dsn.originalIds,
      ...messageIdsIn(top.header('in-reply-to')),
      ...messageIdsIn(top.header('references')),
    ]),
    recipients,
    sentAt: quoted.map((fields) => mailDate(fields.get('date'))).find(Boolean) ?? mailDate(finding.arrivalDate ?? undefined) ?? mailDate(top.header('date')),
    reportIds: [reportId],
    arrivalDate: finding.arrivalDate ?? null,
  };
}
