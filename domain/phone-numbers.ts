import { getCountries as countriesOf, isSupportedCountry, Metadata, parsePhoneNumberFromString as parseWith, type CountryCode } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/max/metadata';

const parsePhoneNumberFromString = (text: string, region?: CountryCode) =>
  region ? parseWith(text, region, metadata) : parseWith(text, metadata);
const getCountries = () => countriesOf(metadata);

/**
 * Phone numbers are stored in international form as digits (country code first, no '+'): the
 * spec's digits-only rule holds and every number names its country. People type them as they
 * know them, nationally ("0912345678") or internationally ("+385 91 234 5678", "00385…"), so a
 * number is read with the business's country (ISO 3166 alpha-2 region) when it has no country code.
 * Not in the domain index: libphonenumber's metadata stays out of bundles that do not read numbers.
 */

export type PhoneReading = { digits: string } | { problem: string };

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** The English name of a region code ("HR" -> "Croatia"). */
export const regionName = (region: string) => regionNames.of(region) ?? region;

export const phoneNumberMessages = {
  unreadable: (region: string | null) =>
    region
      ? `Phone number is not a valid number in ${regionName(region)}, nor with a country code (such as +44 7911 123456).`
      : 'Phone number is not a valid international number; start it with the country code (such as +44 7911 123456).',
} as const;

// What people put between digits; a leading '+' (or 00) says the country code follows.
const SEPARATORS = /[\s\-()./]/g;

function validDigits(text: string, region?: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(text, region);
  return parsed?.isValid() ? parsed.number.slice(1) : null;
}

/** The prefix a region's national numbers start with when dialled at home: 0 in most of Europe, 1 in North America. */
function nationalPrefix(region: string): string | undefined {
  if (!isSupportedCountry(region as CountryCode, metadata)) return undefined;
  const plans = new Metadata(metadata);
  plans.selectNumberingPlan(region as CountryCode);
  // Typed in the library's own code, not in its declarations.
  return (plans.numberingPlan as unknown as { nationalPrefix(): string | undefined }).nationalPrefix();
}

/**
 * `text` as international digits, read with `region` (the business's country) when it carries no
 * country code; or why it cannot be read. Where national numbers start with 0 (most of the
 * world), digits that do not are an international number without its '+' when they read as one
 * (the form the app stored before it read national numbers); elsewhere (North America: 1) the
 * national reading comes first.
 */
export function readPhoneNumber(text: string, region: string | null): PhoneReading {
  const compact = text.trim().replace(SEPARATORS, '');
  const problem = { problem: phoneNumberMessages.unreadable(region) };
  if (!/^(\+|00)?\d{3,17}$/.test(compact)) return problem;
  if (compact.startsWith('+') || compact.startsWith('00')) {
    const digits = validDigits(`+${compact.replace(/^(\+|00)/, '')}`);
    return digits ? { digits } : problem;
  }
  const national = () => (region ? validDigits(compact, region as CountryCode) : null);
  const international = () => (compact.startsWith('0') ? null : validDigits(`+${compact}`));
  const internationalFirst = !compact.startsWith('0') && (!region || nationalPrefix(region)?.startsWith('0'));
  const digits = internationalFirst ? (international() ?? national()) : (national() ?? international());
  return digits ? { digits } : problem;
}

/** The region whose English name (or code) is `country`, ignoring case: "Croatia" -> "HR"; else null. */
export function regionFromCountryName(country: string): string | null {
  const wanted = country.trim().toLowerCase();
  return getCountries().find((code) => code.toLowerCase() === wanted || regionName(code).toLowerCase() === wanted) ?? null;
}
