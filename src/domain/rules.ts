import * as z from 'zod/mini';
import { limits, validationMessages as m } from './messages';

/**
 * Field rules shared by the browser forms and the server (zod/mini keeps the sign-in bundle small).
 * Zod reports every failing check; the first issue of a field is the message shown, so checks are
 * ordered as the spec lists them.
 */
export const requiredText = (requiredMessage: string, max?: { length: number; message: string }) =>
  z.string({ error: requiredMessage }).check(
    z.trim(),
    z.minLength(1, requiredMessage),
    ...(max ? [z.maxLength(max.length, max.message)] : []),
  );

export const maxMessage = (label: string, length: number) => `${label} must not exceed ${length} characters`;

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
);

/** Digits only, 9 to 15 long: used for the registration contact and a contact's phone number. */
export const phoneRule = (requiredMessage: string, formatMessage: string) =>
  z.string({ error: requiredMessage }).check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.regex(new RegExp(`^\\d{${limits.phoneDigitsMin},${limits.phoneDigitsMax}}$`), formatMessage),
  );

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a real calendar day written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
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
  firstName: requiredText(m.firstNameRequired, { length: 50, message: maxMessage('First name', 50) }),
  lastName: requiredText(m.lastNameRequired, { length: 50, message: maxMessage('Last name', 50) }),
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

const businessText = (requiredMessage: string, label: string, max: number = limits.businessTextMax) =>
  requiredText(requiredMessage, { length: max, message: maxMessage(label, max) });

export const businessSchema = z.object({
  name: businessText(m.businessNameRequired, 'Business name'),
  streetName: businessText(m.streetNameRequired, 'Street name'),
  streetNumber: businessText(m.streetNumberRequired, 'Street number', limits.streetNumberMax),
  country: businessText(m.countryRequired, 'Country'),
  city: businessText(m.cityRequired, 'City'),
  postalCode: z.string({ error: m.postalCodeRequired }).check(
    z.trim(),
    z.minLength(1, m.postalCodeRequired),
    z.regex(/^\d+$/, m.postalCodeInteger),
    z.maxLength(limits.businessTextMax, maxMessage('Postal code', limits.businessTextMax)),
  ),
  /** Optional: where `${reviewLink}` in a campaign message points (the business's review page). */
  reviewLink: z.pipe(
    z.optional(z.nullable(z.string({ error: m.reviewLinkInvalid }))).check(
      z.refine((value) => !value?.trim() || isWebAddress(value.trim()), m.reviewLinkInvalid),
    ),
    z.transform((value) => value?.trim() || null),
  ),
});
export type BusinessPayload = z.infer<typeof businessSchema>;
export type BusinessFormValues = z.input<typeof businessSchema>;

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
