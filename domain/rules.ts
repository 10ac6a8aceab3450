import * as z from 'zod/mini';
import { limits, validationMessages as m } from './messages';

/**
 * Field rules shared by the browser forms and the server (zod/mini keeps the sign-in bundle small).
 * Zod reports every failing check; the first issue of a field is the message shown, so checks are
 * ordered as the spec lists them.
 */

export const maxMessage = (label: string, length: number) => `${label} must not exceed ${length} characters`;
export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters (such as NUL or escape)`;
export const brokenCharacterMessage = (label: string) => `${label} must not contain a broken character (half of a surrogate pair)`;

// Half of a UTF-16 surrogate pair alone is no character at all. JSON can carry one ("\ud800");
// PostgreSQL would store it as U+FFFD in a text column and refuse it in a jsonb one.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when `text` holds no unpaired surrogate. String#isWellFormed (where the runtime has it)
 * answers at once for most texts, so the server checks every string of every request with it.
 */
export const isWellFormedText = (text: string) =>
  (text as { isWellFormed?: () => boolean }).isWellFormed?.() ?? !LONE_SURROGATE.test(text);

// PostgreSQL cannot store NUL in text, and no form can type the others; tab and line breaks are
// allowed where text has lines (message bodies).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when `text` has no control character (tab and line breaks allowed when `multiline`) and no broken one. */
export const isPlainText = (text: string, multiline = false) =>
  !(multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(text) && isWellFormedText(text);

/** The check every free-text field carries: no control or broken characters, named by the field's label. */
export const plainText = (label: string, multiline = false) =>
  z.refine<string>((text) => isPlainText(text, multiline), {
    error: (issue) => (isWellFormedText(String(issue.input)) ? controlCharactersMessage(label) : brokenCharacterMessage(label)),
  });

/** A required text field: trimmed, not empty, at most `maxLength` characters, no control characters. */
export const requiredText = (
  label: string,
  requiredMessage: string,
  maxLength: number,
  options: { multiline?: boolean } = {},
) =>
  z.string({ error: requiredMessage }).check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.maxLength(maxLength, maxMessage(label, maxLength)),
    plainText(label, options.multiline),
  );

export const emailRule = z.pipe(
  z.string({ error: m.emailRequired }).check(z.trim(), z.minLength(1, m.emailRequired)),
  z.email(m.emailInvalid).check(z.maxLength(254, m.emailInvalid)),
);

export const passwordRule = z.string({ error: m.passwordRequired }).check(
  z.minLength(1, m.passwordRequired),
  z.minLength(limits.passwordMin, m.passwordMin),
  z.maxLength(limits.passwordMax, m.passwordMax),
  z.regex(/[A-Z]/, m.passwordUppercase),
  z.regex(/[a-z]/, m.passwordLowercase),
  z.regex(/[0-9]/, m.passwordDigit),
  z.regex(/[^A-Za-z0-9]/, m.passwordSpecial),
  plainText('Password'),
);

/** Digits only, 9 to 15 long: used for the registration contact and a contact's phone number. */
export const phoneRule = (requiredMessage: string, formatMessage: string) =>
  z.string({ error: requiredMessage }).check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.regex(new RegExp(`^\\d{${limits.phoneDigitsMin},${limits.phoneDigitsMax}}$`), formatMessage),
  );

/** PostgreSQL's `integer`, every id column's type: an id outside 1..ROW_ID_MAX names no row, and comparing one with an id column is an error. */
export const ROW_ID_MAX = 2_147_483_647;

/** True when `value` can be a row id: a whole number from 1 to ROW_ID_MAX. */
export const isRowId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= ROW_ID_MAX;

/** A row id in a request body; anything else is refused with `message`. */
export const rowIdRule = (message: string) => z.int({ error: message }).check(z.positive(message), z.lte(ROW_ID_MAX, message));

/**
 * A phone number as people type it ("+49 151 2345 6789", "030 12345678", "(091) 234-5678"):
 * digits with spaces, dashes, dots, slashes or brackets between them, a '+' only in front. The
 * server then reads it with the business's country (domain/phone-numbers.ts) and stores its
 * international digits, or answers why it cannot.
 */
export const TYPED_PHONE_NUMBER = /^\s*\+?[\d\s\-()./]*\d[\d\s\-()./]*$/;
export const typedPhoneRule = (requiredMessage: string, formatMessage: string) =>
  z.string({ error: requiredMessage }).check(z.trim(), z.minLength(1, requiredMessage), z.regex(TYPED_PHONE_NUMBER, formatMessage), z.maxLength(40, formatMessage));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The years a date may name: what PostgreSQL, spreadsheets and people agree on. */
export const DATE_YEARS = { min: 1900, max: 2100 } as const;

/** True when `value` is a real calendar day written as YYYY-MM-DD, in the years 1900 to 2100. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  // Arithmetic, not a Date and its ISO text: an import checks every row's date three times.
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// ISO 8601 with a time zone, so the moment does not depend on where the server runs.
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * True when `value` is a real instant: ISO 8601 with a time zone, a real calendar day, hours 0-23,
 * minutes and seconds 0-59, an offset of at most 18 hours. Date.parse alone would shift
 * 30 February or 24:00 to another day.
 */
export function isIsoInstant(value: string): boolean {
  const match = ISO_INSTANT.exec(value);
  if (!match) return false;
  const [, year, month, day, hours, minutes, seconds = '00', zone] = match;
  if (!isIsoDate(`${year}-${month}-${day}`)) return false;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return false;
  if (zone !== 'Z') {
    const offset = zone!.replace(':', '');
    if (Number(offset.slice(1, 3)) > 18 || Number(offset.slice(3, 5)) > 59) return false;
  }
  return !Number.isNaN(Date.parse(value));
}

/** Birth dates lie between 1 January of (current year - 100) and today. */
export function isBirthDateInRange(value: string, today = new Date()): boolean {
  if (!isIsoDate(value)) return false;
  const year = Number(value.slice(0, 4));
  const todayIso = today.toISOString().slice(0, 10);
  return year >= today.getUTCFullYear() - limits.birthYearsBack && value <= todayIso;
}

export const birthDateRule = z.string({ error: m.birthDateRequired }).check(
  z.trim(),
  z.minLength(1, m.birthDateRequired),
  z.refine(isIsoDate, m.birthDateRequired),
  z.refine((value) => !isIsoDate(value) || isBirthDateInRange(value), m.birthDateRange),
);

export const loginSchema = z.object({
  email: emailRule,
  password: passwordRule,
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const registrationSchema = z.object({
  firstName: requiredText('First name', m.firstNameRequired, 50),
  lastName: requiredText('Last name', m.lastNameRequired, 50),
  email: emailRule,
  password: passwordRule,
  birthDate: birthDateRule,
  phoneNumber: phoneRule(m.contactRequired, m.contactFormat),
});
export type RegistrationPayload = z.infer<typeof registrationSchema>;

/** An absolute http(s) address, at most 500 characters. */
export function isWebAddress(value: string): boolean {
  if (value.length > 500) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** Field name -> first message, the shape of the API's `errors` object and of form errors. */
export type FieldErrors = Record<string, string>;
type Issues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

export function fieldErrors(error: Issues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

export type Schema = z.ZodMiniType;
export type ObjectSchema = z.ZodMiniObject;
