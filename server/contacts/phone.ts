import { readPhoneNumber } from '#domain/phone-numbers';
import { badRequest } from '../lib/errors';

/** A typed number as international digits, read with the business's country; else a 400 on the field with the reason. */
export function internationalNumber(typed: string, region: string | null): string {
  const reading = readPhoneNumber(typed, region);
  if ('problem' in reading) throw badRequest(reading.problem, { phoneNumber: reading.problem });
  return reading.digits;
}
