import metadata from 'libphonenumber-js/max/metadata';
import { phoneNumberTools } from './phone-number-tools';

/**
 * The server's phone number rules (phone-number-tools.ts) with libphonenumber's full metadata,
 * which tells mobile from landline numbers. Not in the domain index: the metadata stays out of
 * bundles that do not read numbers (the browser uses the small metadata, src/phone-numbers.ts).
 */
export const { readPhoneNumber, formatPhoneNumber, phoneSearchDigits, examplePhoneNumber, regionFromCountryName, textProblem, phoneNumberMessages } =
  phoneNumberTools(metadata);
export { regionName, type PhoneReading } from './phone-number-tools';
