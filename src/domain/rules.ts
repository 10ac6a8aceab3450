import { z } from 'zod';
import { limits, validationMessages as m } from './messages';

/**
 * Field rules shared by the browser forms and the server. Zod reports every failing check;
 * the first issue of a field is the message shown, so checks are ordered as the spec lists them.
 */
export const requiredText = (requiredMessage: string, max?: { length: number; message: string }) => {
  const base = z.string({ error: requiredMessage }).trim().min(1, requiredMessage);
  return max ? base.max(max.length, max.message) : base;
};

const maxMessage = (label: string, length: number) => `${label} must not exceed ${length} characters`;

export const emailRule = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .pipe(z.email(m.emailInvalid).max(254, m.emailInvalid));

export const passwordRule = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(limits.passwordMin, m.passwordMin)
  .max(limits.passwordMax, m.passwordMax)
  .regex(/[A-Z]/, m.passwordUppercase)
  .regex(/[a-z]/, m.passwordLowercase)
  .regex(/[0-9]/, m.passwordDigit)
  .regex(/[^A-Za-z0-9]/, m.passwordSpecial);

/** Digits only, 9 to 15 long: used for the registration contact and a contact's phone number. */
export const phoneRule = (requiredMessage: string, formatMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(new RegExp(`^\\d{${limits.phoneDigitsMin},${limits.phoneDigitsMax}}$`), formatMessage);

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

export const birthDateRule = z
  .string({ error: m.birthDateRequired })
  .trim()
  .min(1, m.birthDateRequired)
  .refine(isIsoDate, m.birthDateRequired)
  .refine((value) => isBirthDateInRange(value), m.birthDateRange);

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

const businessText = (requiredMessage: string, label: string, max: number = limits.businessTextMax) =>
  requiredText(requiredMessage, { length: max, message: maxMessage(label, max) });

export const businessSchema = z.object({
  name: businessText(m.businessNameRequired, 'Business name'),
  streetName: businessText(m.streetNameRequired, 'Street name'),
  streetNumber: businessText(m.streetNumberRequired, 'Street number', limits.streetNumberMax),
  country: businessText(m.countryRequired, 'Country'),
  city: businessText(m.cityRequired, 'City'),
  postalCode: z
    .string({ error: m.postalCodeRequired })
    .trim()
    .min(1, m.postalCodeRequired)
    .regex(/^\d+$/, m.postalCodeInteger)
    .max(limits.businessTextMax, maxMessage('Postal code', limits.businessTextMax)),
});
export type BusinessPayload = z.infer<typeof businessSchema>;

/** Field name -> first message, the shape of the API's `errors` object and of form errors. */
export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The first message for one field of a schema, or undefined when the value passes. */
export function firstFieldError<S extends z.ZodObject>(schema: S, field: keyof S['shape'], value: unknown) {
  const result = (schema.shape[field as string] as z.ZodType).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
