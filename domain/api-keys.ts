import * as z from 'zod/mini';
import { limits, validationMessages as m } from './messages';
import { isIsoInstant, plainText, requiredText } from './rules';

/**
 * API keys and the visits API (issue 23): an owner's keys per business, and the payload another
 * system posts to POST /api/v1/visits when a customer visited.
 */

export const API_KEY_NAME_MAX = 50;
/** A business has at most this many keys: one per till, shop system or script is plenty. */
export const API_KEYS_MAX = 20;

export const apiKeyMessages = {
  nameRequired: 'Give the key a name, such as "Front desk till"',
  tooMany: `A business can have at most ${API_KEYS_MAX} API keys. Delete one you no longer use first.`,
  notFound: 'API key not found.',
  created: { message: 'API Key Created', description: 'Copy the key now: you will not see it again.' },
  deleted: { message: 'API Key Deleted', description: 'Calls with this key are refused from now on.' },
} as const;

/** POST /business/create-api-key/{businessId}. */
export const newApiKeySchema = z.object({
  name: requiredText('Name', apiKeyMessages.nameRequired, API_KEY_NAME_MAX),
});
export type NewApiKeyPayload = z.infer<typeof newApiKeySchema>;

/** GET /business/get-api-keys/{businessId}: a key as the list shows it, never its secret, only the secret's first characters. */
export const apiKeySchema = z.object({
  id: z.int(),
  name: z.string(),
  prefix: z.string().register(z.globalRegistry, { description: 'The first characters of the secret (sb_live_ and 4 more), to tell keys apart.' }),
  createdAt: z.string().register(z.globalRegistry, { description: 'ISO 8601 UTC' }),
  lastUsedAt: z.nullable(z.string().register(z.globalRegistry, { description: 'ISO 8601 UTC: the last accepted call, to the minute' })),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** The answer to creating a key: the only time its secret is shown. */
export type NewApiKey = { id: number; name: string; secret: string };

/** A visit may be reported this late: older ones are too late to ask about. */
export const VISIT_MAX_AGE_DAYS = 30;
/** A visit "in the future" by less than this is the sender's clock running ahead, not a mistake. */
export const VISIT_CLOCK_SKEW_MS = 5 * 60 * 1000;
export const EXTERNAL_ID_MAX = 200;
export const IDEMPOTENCY_KEY_MAX = 200;
const EMAIL_MAX = 254;
const PHONE_MAX = 40;
const DAY_MS = 86_400_000;
/** VISIT_MAX_AGE_DAYS in milliseconds: a visit older than this is too late to ask about, whoever reports it. */
export const VISIT_MAX_AGE_MS = VISIT_MAX_AGE_DAYS * DAY_MS;

export const visitMessages = {
  firstNameRequired: m.firstNameRequired,
  lastNameInvalid: 'Last name must be text',
  emailInvalid: m.emailInvalid,
  phoneInvalid: `Phone must be a phone number written as text (at most ${PHONE_MAX} characters), such as "+49 151 23456789"`,
  visitedAtInvalid: 'visitedAt must be a time in ISO 8601 with a time zone, such as 2026-05-01T14:30:00Z',
  visitedAtFuture: 'visitedAt must not be in the future',
  visitedAtTooOld: `visitedAt must be within the last ${VISIT_MAX_AGE_DAYS} days: an older visit is too late to ask about`,
  externalIdInvalid: `externalId must be text of 1 to ${EXTERNAL_ID_MAX} characters`,
  bodyInvalid: 'Send the visit as a JSON object, such as {"firstName": "Ana", "email": "ana@example.com"}',
  idempotencyKeyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} printable characters (letters, digits, punctuation and spaces)`,
} as const;

/** Optional text of at most `max` characters; null or absent: not given. */
const optionalText = (message: string, max: number, label: string) =>
  z.optional(z.nullable(z.string({ error: message }).check(z.maxLength(max, message), plainText(label))));

/** An instant between VISIT_MAX_AGE_DAYS ago and a few minutes from now (read when the request is checked). */
const visitedAtRule = z.string({ error: visitMessages.visitedAtInvalid }).check(
  z.refine(isIsoInstant, visitMessages.visitedAtInvalid),
  z.refine((value) => !isIsoInstant(value) || Date.parse(value) <= Date.now() + VISIT_CLOCK_SKEW_MS, visitMessages.visitedAtFuture),
  z.refine((value) => !isIsoInstant(value) || Date.parse(value) >= Date.now() - VISIT_MAX_AGE_DAYS * DAY_MS, visitMessages.visitedAtTooOld),
);

/**
 * POST /api/v1/visits: the customer who visited. Types and lengths are checked here; whether it is
 * a contact (a name and a valid email or phone number) is the import's rule for a row, applied
 * after (domain/contact-rows.ts), so its messages are the import's.
 */
export const visitSchema = z.object({
  firstName: requiredText('First name', visitMessages.firstNameRequired, limits.contactNameMax),
  lastName: optionalText(visitMessages.lastNameInvalid, limits.contactNameMax, 'Last name'),
  email: optionalText(visitMessages.emailInvalid, EMAIL_MAX, 'Email'),
  phone: optionalText(visitMessages.phoneInvalid, PHONE_MAX, 'Phone'),
  visitedAt: z.optional(z.nullable(visitedAtRule)),
  externalId: z.optional(
    z.nullable(
      z.string({ error: visitMessages.externalIdInvalid }).check(
        z.trim(),
        z.minLength(1, visitMessages.externalIdInvalid),
        z.maxLength(EXTERNAL_ID_MAX, visitMessages.externalIdInvalid),
        plainText('externalId'),
      ),
    ),
  ),
}, { error: visitMessages.bodyInvalid });
export type VisitPayload = z.input<typeof visitSchema>;

/** The Idempotency-Key header: printable ASCII, as HTTP headers carry it. */
export const idempotencyKeyRule = z.string({ error: visitMessages.idempotencyKeyInvalid }).check(
  z.trim(),
  z.minLength(1, visitMessages.idempotencyKeyInvalid),
  z.maxLength(IDEMPOTENCY_KEY_MAX, visitMessages.idempotencyKeyInvalid),
  z.regex(/^[\x20-\x7e]*$/, visitMessages.idempotencyKeyInvalid),
);

/** What POST /api/v1/visits answers (201), and answers again to a retry. */
export type VisitAnswer = {
  contact: { id: number; firstName: string; lastName: string; email: string | null; phoneNumber: string | null; created: boolean };
  visit: { recorded: boolean; requestDueAt: string | null; skipped: string | null };
};
