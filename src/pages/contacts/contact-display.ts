import dayjs from 'dayjs';
import { GENDER_LABELS, type Contact, type Gender } from '#domain/contacts';
import { formatPhoneNumber, phoneSearchDigits } from '../../phone-numbers';

/** The spec's display rules for the contacts table. */
export const genderLabel = (gender: Gender) => GENDER_LABELS[gender] ?? gender;

/** What a contact does not have (a name part, email, phone number, birth date) shows as. */
export const MISSING = '—';

/** A text field as shown: the value, or "—" when the contact has none. */
export const orMissing = (text: string | null | undefined) => text || MISSING;

/** YYYY-MM-DD -> DD.MM.YYYY, without a time-zone shift; "—" when not known. */
export const formatBirthDate = (isoDay: string | null) => {
  if (!isoDay) return MISSING;
  const [year, month, day] = isoDay.split('-');
  return year && month && day ? `${day}.${month}.${year}` : isoDay;
};

/** A stored number as people read it: nationally in the business's country (`region`), else internationally. */
export const formatPhone = (stored: string | null, region: string | null) => (stored ? formatPhoneNumber(stored, region) : MISSING);

/** DD.MM.YYYY, HH:MMh in the browser's time zone, for the search (the table shows the business's clock); empty before the first visit. */
export const formatLastVisited = (isoInstant: string | null) =>
  isoInstant ? `${dayjs(isoInstant).format('DD.MM.YYYY, HH:mm')}h` : '';

/** 'ACTIVE' -> 'Active', 'UNSUBSCRIBED' -> 'Unsubscribed'. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replace(/_/g, ' ');

export const statusColor = (status: string) => (status === 'ACTIVE' ? 'green' : 'red');

/** Sets apart the columns in a search text; the phone number's digits come last, after PHONE_DIGITS. */
const COLUMN = '\u0000';
const PHONE_DIGITS = '\u0001';

/**
 * What the search box matches: every column as displayed, lower-cased once per contact, then the
 * phone number as digits, as stored (4915123456789) and as dialled at home (015123456789), so a
 * number is found however it is typed.
 */
export function searchText(contact: Contact): string {
  return (
    [
      contact.firstName,
      contact.lastName,
      contact.email ?? '',
      genderLabel(contact.gender),
      contact.birthDate ? formatBirthDate(contact.birthDate) : '',
      statusLabel(contact.status),
      formatLastVisited(contact.lastVisited),
      contact.tags,
    ]
      .join(COLUMN)
      .toLowerCase() + (contact.phoneNumber ? `${PHONE_DIGITS}${phoneSearchDigits(contact.phoneNumber)}` : '')
  );
}

// What a typed phone number may hold: digits with spaces, dashes, dots, slashes or brackets, a '+' in front.
const TYPED_NUMBER = /^\+?[\d\s\-()./]*\d[\d\s\-()./]*$/;

/**
 * Whether a contact's search text matches what was typed: the text anywhere, or, when it looks
 * like a phone number ("0151", "+49 151", "151 2345"), its digits in the phone number's digits.
 */
export function searchMatcher(typed: string): (text: string) => boolean {
  const needle = typed.trim().toLowerCase();
  const digits = TYPED_NUMBER.test(needle) ? needle.replace(/\D/g, '') : '';
  if (!digits) return (text) => text.includes(needle);
  return (text) => {
    if (text.includes(needle)) return true;
    const phone = text.lastIndexOf(PHONE_DIGITS);
    return phone >= 0 && text.indexOf(digits, phone) >= 0;
  };
}
