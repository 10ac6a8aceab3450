import * as z from 'zod/mini';
import { controlCharactersMessage, isPlainText, maxMessage } from './rules';

/**
 * Who a business's emails are from: its sender name (the business's name unless set) at the
 * server's own address (MAIL_FROM's, so DKIM and SPF stay valid), and where replies go (the
 * owner's email unless set). Shared by the settings form, the wizard's sender line and delivery.
 */

export const SENDER_NAME_MAX = 60;

/**
 * Characters that change how text around them is shown without being seen: line and paragraph
 * separators and the bidirectional embeddings, overrides and isolates ("moc.elgoog" shown as
 * "google.com"). A sender name or a web address has no use for them.
 */
const INVISIBLE_CONTROLS = /[\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** True when `text` has neither a control character nor an invisible layout control. */
export const isVisibleText = (text: string) => isPlainText(text) && !INVISIBLE_CONTROLS.test(text);

export const senderMessages = {
  nameMax: maxMessage('Sender name', SENDER_NAME_MAX),
  nameControlCharacters: controlCharactersMessage('Sender name'),
  replyToInvalid: 'Reply-to address must be an email address such as owner@example.com',
} as const;

/** An optional text: trimmed, and empty means "use the default" (null). */
const optionalText = z.pipe(
  z.optional(z.nullable(z.string())),
  z.transform((value) => value?.trim() || null),
);

export const senderNameRule = z.pipe(
  optionalText,
  z.nullable(
    z.string().check(
      z.maxLength(SENDER_NAME_MAX, senderMessages.nameMax),
      z.refine(isVisibleText, senderMessages.nameControlCharacters),
    ),
  ),
);

export const replyToRule = z.pipe(optionalText, z.nullable(z.email(senderMessages.replyToInvalid).check(z.maxLength(254, senderMessages.replyToInvalid))));

/** The address part of MAIL_FROM (`Name <a@b>` or `a@b`). */
export const addressOf = (mailbox: string) => /<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox.trim();

/** A From line as mail programs show it: `"Keller's Café" <no-reply@example.com>` (quotes and backslashes escaped). */
export const senderLine = (name: string, address: string) => `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;

/** The business's postal address on one line, as every campaign email's footer shows it (CAN-SPAM). */
export const postalAddress = (business: { streetName: string; streetNumber: string; postalCode: string; city: string; country: string }) =>
  `${business.streetName} ${business.streetNumber}, ${business.postalCode} ${business.city}, ${business.country}`;
