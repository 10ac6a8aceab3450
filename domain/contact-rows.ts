import { importGender } from './contact-import-columns';
import { contactMessages, GENDERS, tagsRule, type Gender } from './contacts';
import { limits, validationMessages as m } from './messages';
import { readPhoneNumber } from './phone-numbers';
import { controlCharactersMessage, emailRule, isBirthDateInRange, isIsoDate, isPlainText, maxMessage, type FieldErrors } from './rules';

/**
 * One contact that does not come through the contact form: a row of an imported file, or a
 * customer a connector or a check-in brings. Such a row is a contact when it has a name (a first
 * or a last name) and a way to reach the person (a valid email or phone number); everything
 * else may be missing, and what is there is checked with the form's rules. Pure, and not in the
 * domain index: it reads phone numbers with libphonenumber's full metadata (phone-numbers.ts).
 */

export type ContactRowInput = {
  firstName?: string | null;
  lastName?: string | null;
  /** Candidates, best first: the first valid one is taken (a file's several email columns, Google's "a ::: b"). */
  email?: string | readonly string[] | null;
  /** Candidates, best first, as people type them: the first that reads as a number is taken. */
  phoneNumber?: string | readonly string[] | null;
  /** YYYY-MM-DD */
  birthDate?: string | null;
  /** A label or code in any case (Male, f, 2...); empty: not given. */
  gender?: string | null;
  /** Comma-joined. */
  tags?: string | null;
};

/**
 * A row ready to write: a missing name part is ''; any other field the row does not bring is
 * null, so that a contact it updates keeps its value (a new contact gets Not specified and no tags).
 */
export type ContactRow = {
  firstName: string;
  lastName: string;
  email: string | null;
  /** International digits. */
  phoneNumber: string | null;
  birthDate: string | null;
  gender: Gender | null;
  tags: string | null;
};

/** `warnings`: values left out of the contact (`leaveOut`), by field, with the reason. */
export type ContactRowReading = { contact: ContactRow; warnings?: FieldErrors } | { problems: FieldErrors };

/** The fields a row may lose and still be a contact (not its name, nor its only way to reach the person). */
const LEAVABLE: ReadonlyArray<keyof ContactRow> = ['email', 'phoneNumber', 'birthDate', 'gender', 'tags'];

export const contactRowMessages = {
  nameRequired: 'A contact needs a first name or a last name',
  reachRequired: 'A contact needs an email address or a phone number',
  birthDateInvalid: 'Birth date must be a date written as YYYY-MM-DD',
} as const;

const nameMax = limits.contactNameMax;
const candidates = (value: string | readonly string[] | null | undefined): readonly string[] =>
  value === null || value === undefined ? [] : typeof value === 'string' ? [value] : value;

function namePart(value: string | null | undefined, label: string, field: string, problems: FieldErrors): string {
  const name = value?.trim() ?? '';
  if (name.length > nameMax) problems[field] = maxMessage(label, nameMax);
  else if (!isPlainText(name)) problems[field] = controlCharactersMessage(label);
  return name;
}

/** The first valid email among the candidates; none given is null, none valid a problem. */
function firstEmail(values: readonly string[], problems: FieldErrors): string | null {
  let given = false;
  for (const value of values) {
    if (!value.trim()) continue;
    given = true;
    const parsed = emailRule.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  if (given) problems.email = m.emailInvalid;
  return null;
}

/** The first candidate that reads as a number (international digits); else the first one's reason. */
function firstPhoneNumber(values: readonly string[], region: string | null, problems: FieldErrors): string | null {
  let problem: string | undefined;
  for (const value of values) {
    if (!value.trim()) continue;
    const reading = readPhoneNumber(value, region);
    if ('digits' in reading) return reading.digits;
    problem ??= reading.problem;
  }
  if (problem) problems.phoneNumber = problem;
  return null;
}

function birthDate(value: string | null | undefined, problems: FieldErrors): string | null {
  const text = value?.trim();
  if (!text) return null;
  // A real day of 1890 is outside the range, not unreadable (its month and day are checked in a leap year).
  const realDay = isIsoDate(text) || (/^\d{4}-\d{2}-\d{2}$/.test(text) && isIsoDate(`2000${text.slice(4)}`));
  if (!realDay) problems.birthDate = contactRowMessages.birthDateInvalid;
  else if (!isBirthDateInRange(text)) problems.birthDate = m.birthDateRange;
  return text;
}

function gender(value: string | null | undefined, problems: FieldErrors): Gender | null {
  if (!value?.trim()) return null;
  const code = importGender(value);
  if ((GENDERS as readonly string[]).includes(code)) return code as Gender;
  problems.gender = contactMessages.genderInvalid;
  return null;
}

function tags(value: string | null | undefined, problems: FieldErrors): string | null {
  if (!value?.trim()) return null;
  const parsed = tagsRule.safeParse(value);
  if (parsed.success) return parsed.data;
  problems.tags = parsed.error.issues[0]!.message;
  return null;
}

/**
 * One row as a contact, or every problem that keeps it from being one (by field: `name` and
 * `reach` when the name or both ways to reach the person are missing). Phone numbers are read
 * with `region`, the business's country. With `leaveOut` (an imported list, a provider's purchase:
 * whoever wrote them is not there to correct a value), a row with a name and a valid email or
 * phone number is a contact whatever else is wrong: a value that cannot be used is left out, and
 * named in `warnings`. With `nameOptional` (a paying customer is a customer), no name is needed.
 */
export function readContactRow(
  input: ContactRowInput,
  region: string | null,
  { leaveOut = false, nameOptional = false }: { leaveOut?: boolean; nameOptional?: boolean } = {},
): ContactRowReading {
  const problems: FieldErrors = {};
  const contact: ContactRow = {
    firstName: namePart(input.firstName, 'First name', 'firstName', problems),
    lastName: namePart(input.lastName, 'Last name', 'lastName', problems),
    email: firstEmail(candidates(input.email), problems),
    phoneNumber: firstPhoneNumber(candidates(input.phoneNumber), region, problems),
    birthDate: birthDate(input.birthDate, problems),
    gender: gender(input.gender, problems),
    tags: tags(input.tags, problems),
  };
  if (!contact.firstName && !contact.lastName && !nameOptional) problems.name = contactRowMessages.nameRequired;
  if (!contact.email && !contact.phoneNumber && !problems.email && !problems.phoneNumber) problems.reach = contactRowMessages.reachRequired;
  if (Object.keys(problems).length === 0) return { contact };
  const reachable = (contact.email && !problems.email) || (contact.phoneNumber && !problems.phoneNumber);
  const leavable = Object.keys(problems).every((field) => (LEAVABLE as readonly string[]).includes(field));
  if (!leaveOut || !reachable || !leavable) return { problems };
  const kept: Record<string, unknown> = contact;
  for (const field of Object.keys(problems)) kept[field] = null;
  return { contact, warnings: problems };
}
