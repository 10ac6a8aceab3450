import type { ReportKind } from '../reports';
import { diagnose, isMailboxFullStatus, MAILBOX_FULL, statusCodeIn } from './diagnosis';
import { addressIn, fieldBlocks, fieldsOf, messageIdsIn } from './fields';
import type { MailPart } from './mime';

/**
 * What the machine-readable parts of a report say: delivery status notifications (RFC 3464) and
 * abuse reports (ARF, RFC 5965). The report's reading before its delivery is looked up: how it
 * finds its email is added after (read-report.ts).
 */
export type Finding = {
  kind: ReportKind;
  code: string;
  format: string;
  recipients: string[];
  arrivalDate?: string | null;
  /** The copy of the original a text bounce quotes in its text. */
  original?: string | null;
};

const DELIVERY_STATUS = new Set(['message/delivery-status', 'message/global-delivery-status', 'text/delivery-status']);
const SUCCESS_ACTIONS = new Set(['delivered', 'relayed', 'expanded']);

export const unique = <T>(values: Iterable<T>) => [...new Set(values)];
export const kindOfStatus = (status: string): ReportKind => (status.startsWith('5') && !isMailboxFullStatus(status) ? 'hard' : 'soft');

/** ARF feedback types (RFC 5965, 6650): abuse and fraud are complaints, opt-out an unsubscribe; DMARC failure reports and the like are not about the recipient. */
const FEEDBACK_KINDS: Record<string, ReportKind | undefined> = {
  abuse: 'complaint',
  fraud: 'complaint',
  other: 'complaint',
  'opt-out': 'unsubscribe',
  optout: 'unsubscribe',
  unsubscribe: 'unsubscribe',
};

/** An abuse report (ARF, RFC 5965): its feedback type says complaint or opt-out. */
export function readFeedback(part: MailPart): Finding | null {
  const fields = fieldsOf(part.text);
  const type = (fields.get('feedback-type') ?? 'abuse').toLowerCase().trim();
  const kind = FEEDBACK_KINDS[type];
  if (!kind) return null;
  const recipients = ['original-rcpt-to', 'removal-recipient'].map((name) => addressIn(fields.get(name))).filter(Boolean);
  return { kind, code: type, format: 'arf', recipients, arrivalDate: fields.get('arrival-date') ?? fields.get('received-date') ?? null };
}

type DsnRecipient = { address: string; action: string; status: string | null };

/**
 * The delivery-status parts (RFC 3464), wherever they are nested, or else the same fields written
 * into the report's text (Amazon WorkMail): the per-message fields and one entry per recipient.
 * A recipient without a Status takes it from its Diagnostic-Code.
 */
export function readDeliveryStatus(parts: MailPart[], text: string) {
  const recipients: DsnRecipient[] = [];
  let arrivalDate: string | null = null;
  const originalIds: string[] = [];
  const statusParts = parts.filter((candidate) => DELIVERY_STATUS.has(candidate.type)).map((part) => part.text);
  const texts = statusParts.length > 0 ? statusParts : /^final-recipient[ \t]*:/im.test(text) ? [text] : [];
  for (const statusText of texts) {
    for (const block of fieldBlocks(statusText)) {
      arrivalDate ??= block.get('arrival-date') ?? null;
      originalIds.push(...messageIdsIn(block.get('x-original-message-id')));
      if (!['final-recipient', 'original-recipient', 'status', 'action', 'diagnostic-code'].some((name) => block.has(name))) continue;
      const diagnostic = block.get('diagnostic-code') ?? '';
      recipients.push({
        address: addressIn(block.get('final-recipient')) || addressIn(block.get('original-recipient')),
        action: (block.get('action') ?? '').toLowerCase().replace(/\s.*$/, ''),
        // A full mailbox in the server's words is temporary whatever its Status says (Sun Messaging Server writes 5.x.x).
        status: MAILBOX_FULL.test(diagnostic) ? '4.2.2' : (statusCodeIn(block.get('status') ?? '') ?? (diagnostic ? diagnose(diagnostic) : null)),
      });
    }
  }
  return { recipients, arrivalDate, originalIds };
}

/** A DSN's finding: failed recipients first; a delay is soft; all delivered (2.x.x) is a success, no report. */
export function dsnFinding(recipients: DsnRecipient[]): Finding | 'success' | null {
  const outcomes = recipients.map((recipient) => {
    const success = SUCCESS_ACTIONS.has(recipient.action) || recipient.status?.startsWith('2');
    const status = recipient.action === 'delayed' ? (recipient.status?.startsWith('4') ? recipient.status : '4.0.0') : recipient.status;
    return { ...recipient, success, status };
  });
  if (outcomes.length > 0 && outcomes.every((outcome) => outcome.success)) return 'success';
  const failed = outcomes.filter((outcome) => !outcome.success);
  const known = failed.find((outcome) => outcome.status);
  if (!known) return null;
  return {
    kind: kindOfStatus(known.status!),
    code: known.status!,
    format: 'rfc3464',
    recipients: unique([known.address, ...failed.map((outcome) => outcome.address)].filter(Boolean)),
  };
}

