import type { ContactInput } from '#domain';
import { readPhoneNumber } from '#domain/phone-numbers';
import { badRequest } from '../lib/errors';

/** The contact with its number in international digits, read with the business's country; else a 400 on the field. */
export function withInternationalNumber<T extends Pick<ContactInput, 'phoneNumber'>>(contact: T, region: string | null): T {
  const reading = readPhoneNumber(contact.phoneNumber, region);
  if ('problem' in reading) throw badRequest(reading.problem, { phoneNumber: reading.problem });
  return { ...contact, phoneNumber: reading.digits };
}
