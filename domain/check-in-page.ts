import * as z from 'zod/mini';
import { readContactRow, type ContactRowInput } from './contact-rows';
import { limits } from './messages';
import { textProblem } from './phone-numbers';
import type { FieldErrors } from './rules';

/**
 * The counter's check-in page (`/k/{slug}`): a customer leaves a first name, a phone number or an
 * email, and agrees to one message about the visit. Its texts, and the form's rules: the name and
 * the ways to reach the customer are read as an imported row is (contact-rows.ts), so not in the
 * domain index (phone numbers are read with the full metadata).
 */

/** What the owner's settings show: the page's address and its QR code (SVG, made on the server). */
export const checkInPageLinkSchema = z.object({ url: z.string(), qrSvg: z.string() });
export type CheckInPageLink = z.infer<typeof checkInPageLinkSchema>;

export const CHECK_IN_FIELD_MAX = { firstName: limits.contactNameMax, phoneNumber: 30, email: 254 } as const;

export const checkInPageTexts = {
  title: (business: string) => `Thanks for visiting ${business}`,
  intro: 'Check in with your first name and a phone number or an email address.',
  reachHint: 'A phone number or an email address is enough.',
  /** Stored with the consent exactly as the page shows it. */
  consent: (business: string) => `I agree to receive one message from ${business} asking about my visit`,
  submit: 'Check in',
  honeypot: 'Leave this empty',
  correct: 'Please correct what is marked below.',
  thanks: (firstName: string) => `Thanks, ${firstName}!`,
  checkedIn: (business: string) => `You are checked in at ${business}. Enjoy your day!`,
} as const;

export const checkInMessages = {
  firstNameRequired: 'Please enter your first name.',
  reachRequired: 'Please enter your phone number or your email address.',
  emailInvalid: 'Please enter a valid email address, such as name@example.com.',
  consentRequired: 'Please tick the box to agree to one message about your visit, or ask the staff to check you in.',
} as const;

/** The form as sent: absent fields are empty; the box is ticked when it was sent at all. */
export type CheckInForm = { firstName: string; phoneNumber: string; email: string; consent: boolean };

export function checkInFormOf(fields: Readonly<Record<string, string | undefined>>): CheckInForm {
  return {
    firstName: fields.firstName ?? '',
    phoneNumber: fields.phoneNumber ?? '',
    email: fields.email ?? '',
    consent: fields.consent !== undefined,
  };
}

/** readContactRow's problems, as this form names and words them (`reach`: neither a phone number nor an email). */
export function checkInProblems(problems: FieldErrors): FieldErrors {
  const words: FieldErrors = {};
  if (problems.name) words.firstName = checkInMessages.firstNameRequired;
  if (problems.firstName) words.firstName = problems.firstName;
  if (problems.phoneNumber) words.phoneNumber = problems.phoneNumber;
  if (problems.email) words.email = checkInMessages.emailInvalid;
  if (problems.reach) words.reach = checkInMessages.reachRequired;
  return words;
}

/**
 * The customer the form describes, or every problem by field (`firstName`, `phoneNumber`, `email`,
 * `reach`, `consent`). Phone numbers are read with `region`, the business's country, and must be
 * able to take a text from a country of `textRegions` (the business's; empty: any): nobody vouches
 * for a number typed at the counter, and the business pays for every text.
 */
export function readCheckInForm(
  form: CheckInForm,
  region: string | null,
  textRegions: readonly string[],
): { customer: ContactRowInput } | { problems: FieldErrors } {
  const customer: ContactRowInput = {
    firstName: form.firstName,
    phoneNumber: form.phoneNumber.trim() || null,
    email: form.email.trim() || null,
  };
  const reading = readContactRow(customer, region);
  // No last name is asked for: a missing name is a missing first name.
  const problems = 'problems' in reading ? checkInProblems(reading.problems) : {};
  const digits = 'contact' in reading ? reading.contact.phoneNumber : null;
  const refused = digits ? textProblem(digits, textRegions) : null;
  if (refused) problems.phoneNumber = refused;
  if (!form.consent) problems.consent = checkInMessages.consentRequired;
  return Object.keys(problems).length ? { problems } : { customer };
}
