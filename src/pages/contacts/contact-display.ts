import dayjs from 'dayjs';
import { GENDER_LABELS, type Contact, type Gender } from '#domain/contacts';

/** The spec's display rules for the contacts table. */
export const genderLabel = (gender: Gender) => GENDER_LABELS[gender] ?? gender;

/** YYYY-MM-DD -> DD.MM.YYYY, without a time-zone shift. */
export const formatBirthDate = (isoDay: string) => {
  const [year, month, day] = isoDay.split('-');
  return year && month && day ? `${day}.${month}.${year}` : isoDay;
};

/** DD.MM.YYYY, HH:MMh in the browser's time zone; empty before the first visit. */
export const formatLastVisited = (isoInstant: string | null) =>
  isoInstant ? `${dayjs(isoInstant).format('DD.MM.YYYY, HH:mm')}h` : '';

/** 'ACTIVE' -> 'Active', 'UNSUBSCRIBED' -> 'Unsubscribed'. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replace(/_/g, ' ');

export const statusColor = (status: string) => (status === 'ACTIVE' ? 'green' : 'red');

/** What the search box matches: every column as displayed, lower-cased once per contact. */
export function searchText(contact: Contact): string {
  return [
    contact.firstName,
    contact.lastName,
    contact.email,
    contact.phoneNumber,
    genderLabel(contact.gender),
    formatBirthDate(contact.birthDate),
    statusLabel(contact.status),
    formatLastVisited(contact.lastVisited),
    contact.tags,
  ]
    .join('\u0000')
    .toLowerCase();
}
