import { addressIn } from '../inbound-mail/fields';
import type { DeliveryReport, ReportKind } from '../reports';

/** The delivery tokens among values a provider carries back (our header, its custom data): 32 hex digits. */
export const firstDeliveryToken = (values: readonly unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && /^[0-9a-f]{32}$/i.test(value.trim())).map((value) => value.trim().toLowerCase());

type EventFields = {
  kind: ReportKind;
  code: string;
  format: string;
  tokens: string[];
  messageIds: ReadonlyArray<string | undefined | null>;
  recipient: string | undefined;
  /** When the email was sent (or, failing that, when the event happened): ISO text or seconds since 1970. */
  sentAt: string | number | null;
  /** The provider's id of this event: a retried post of it counts once. */
  reportId: string;
};

const asDate = (value: string | number | null) => {
  if (value === null || value === '') return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** One provider event as a report; Message-IDs are written with their angle brackets, as we record them. */
export function eventReport(fields: EventFields): DeliveryReport {
  const recipient = addressIn(fields.recipient);
  return {
    kind: fields.kind,
    code: fields.code,
    format: fields.format,
    tokens: fields.tokens,
    messageIds: fields.messageIds
      .filter((id): id is string => typeof id === 'string' && id.trim() !== '')
      .map((id) => (id.trim().startsWith('<') ? id.trim() : `<${id.trim()}>`)),
    recipients: recipient ? [recipient] : [],
    sentAt: asDate(fields.sentAt),
    reportIds: [fields.reportId],
    // The provider's event id names the event; the DSN rule (delivery + status + Arrival-Date) is for mail.
    arrivalDate: null,
  };
}
