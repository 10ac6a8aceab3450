import metadata from 'libphonenumber-js/min/metadata';
import { phoneNumberTools } from '#domain/phone-number-tools';

/**
 * The browser's phone number rules (domain/phone-number-tools.ts) with libphonenumber's small
 * metadata: enough to format numbers, find them by what people type and check a typed number
 * before it is sent. The server reads it again with the full metadata and has the last word.
 */
export const { readPhoneNumber, formatPhoneNumber, phoneSearchDigits, examplePhoneNumber } = phoneNumberTools(metadata);
