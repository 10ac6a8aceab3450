import {
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
  PhoneNumber,
  validatePhoneNumberLength,
  type CountryCode,
  type E164Number,
  type MetadataJson,
  type NumberType,
} from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json';

/**
 * Phone numbers are stored in international form as digits (country code first, no '+'): the
 * spec's digits-only rule holds and every number names its country. People type them as they
 * know them, nationally ("0912345678", "(091) 234-5678") or internationally ("+385 91 234 5678",
 * "00385…"), so a number is read with the business's country (ISO 3166 alpha-2 region) when it
 * has no country code. The rules take libphonenumber's metadata as a parameter: the server reads
 * with the full ("max") metadata, the browser formats and pre-checks with the small ("min") one.
 */

export type PhoneReading = { digits: string } | { problem: string };

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** The English name of a region code ("HR" -> "Croatia"). */
export const regionName = (region: string) => regionNames.of(region) ?? region;

// What people put between digits; a leading '+' (or 00) says the country code follows.
const SEPARATORS = /[\s\-()./]/g;
const TYPED = /^(\+|00)?\d{3,17}$/;
const INTERNATIONAL_FALLBACK = '+44 7911 123456';

/**
 * Numbers that can take a text message: mobile ones, and those of countries whose numbers do not
 * tell mobile from landline (the US and Canada). Everything else a stranger could type to make a
 * business pay for texts (premium-rate, shared-cost, toll-free, satellite, UAN, pager, voicemail)
 * is named in words.
 */
const TEXTABLE: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);
const NUMBER_KINDS: Partial<Record<NonNullable<NumberType>, string>> = {
  PREMIUM_RATE: 'a premium-rate number',
  SHARED_COST: 'a shared-cost number',
  TOLL_FREE: 'a toll-free number',
  VOIP: 'an internet telephony (VoIP) number',
  PERSONAL_NUMBER: 'a personal forwarding number',
  PAGER: 'a pager number',
  UAN: 'a company switchboard number (UAN)',
  VOICEMAIL: 'a voicemail number',
  FIXED_LINE: 'a landline number',
};

/** "Germany", "Germany and Austria", "Germany, Austria and Poland". */
const regionList = (regions: readonly string[]) => {
  const names = regions.map(regionName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

export function phoneNumberTools(metadata: MetadataJson) {
  const known = (region: string | null): region is CountryCode => Boolean(region) && isSupportedCountry(region as CountryCode, metadata);
  const parse = (text: string, region?: CountryCode) =>
    region ? parsePhoneNumberFromString(text, region, metadata) : parsePhoneNumberFromString(text, metadata);
  const validDigits = (parsed: PhoneNumber | undefined) => (parsed?.isValid() ? parsed.number.slice(1) : null);

  const examplesByRegion = new Map<string, PhoneNumber | undefined>();
  const example = (region: CountryCode) => {
    if (!examplesByRegion.has(region)) examplesByRegion.set(region, getExampleNumber(region, examples, metadata));
    return examplesByRegion.get(region);
  };

  /**
   * The national prefix a region's numbers start with when dialled at home ('0' in most of
   * Europe, '1' in North America, '' in Spain, Italy or Norway), read off its example number as
   * written nationally, so that only the library's public interface is relied on.
   */
  const prefixes = new Map<string, string>();
  function nationalPrefix(region: CountryCode): string {
    let prefix = prefixes.get(region);
    if (prefix === undefined) {
      const number = example(region);
      const written = number?.formatNational().replace(/\D/g, '') ?? '';
      prefix = number && written.endsWith(number.nationalNumber) ? written.slice(0, written.length - number.nationalNumber.length) : '';
      prefixes.set(region, prefix);
    }
    return prefix;
  }

  /** An example mobile number of the region, as people there write it and with its country code. */
  function examplePhoneNumber(region: string | null): { national: string; international: string } | null {
    const number = known(region) ? example(region) : undefined;
    return number ? { national: number.formatNational(), international: number.formatInternational() } : null;
  }

  const writeItAs = (region: string | null) => {
    const sample = examplePhoneNumber(region);
    return sample ? `such as ${sample.national} or ${sample.international}` : `such as ${INTERNATIONAL_FALLBACK}`;
  };

  const messages = {
    unreadable: (region: string | null) =>
      known(region)
        ? `Phone number is not a valid number in ${regionName(region)}, nor with a country code (${writeItAs(region)}).`
        : `Phone number is not a valid international number; start it with the country code (${writeItAs(null)}).`,
    /** A number written with '+' and a country code that is not a number there: why, and how one looks. */
    notInCountry: (e164: string) => {
      const why = validatePhoneNumberLength(e164, metadata);
      const code = parse(e164)?.countryCallingCode;
      const region = (code && regionsByCallingCode().get(code)) || null;
      if (why === 'INVALID_COUNTRY' || !region) return `Phone number does not start with a known country code (${writeItAs(null)}).`;
      const where = `${regionName(region)} (+${getCountryCallingCode(region, metadata)})`;
      const what = why === 'TOO_SHORT' ? 'is too short for' : why === 'TOO_LONG' ? 'is too long for' : 'is not a valid number in';
      return `Phone number ${what} ${where}; numbers there look like ${examplePhoneNumber(region)?.international ?? INTERNATIONAL_FALLBACK}.`;
    },
  };

  /**
   * `text` as international digits, or why it cannot be read. A '+' (or 00) means the country code
   * follows: such a number is read only as that, never again as a national one. Otherwise it is
   * read with `region` (the business's country); where numbers are dialled at home with a leading
   * 0, digits that do not start with it are first read as an international number without its
   * '+' (the form the app stored before it read national numbers, and its example files use).
   */
  function readPhoneNumber(text: string, region: string | null): PhoneReading {
    const compact = text.trim().replace(SEPARATORS, '');
    if (!TYPED.test(compact)) return { problem: messages.unreadable(region) };
    if (compact.startsWith('+') || compact.startsWith('00')) {
      const e164 = `+${compact.replace(/^(\+|00)/, '')}`;
      const digits = validDigits(parse(e164));
      if (digits) return { digits };
      // Why a number written with '+' is not one; 00 may also be a mistyped national number.
      return { problem: compact.startsWith('+') ? messages.notInCountry(e164) : messages.unreadable(region) };
    }
    const home = known(region) ? region : undefined;
    const national = () => (home ? validDigits(parse(compact, home)) : null);
    const international = () => (compact.startsWith('0') ? null : validDigits(parse(`+${compact}`)));
    const internationalFirst = !home || nationalPrefix(home).startsWith('0');
    const digits = internationalFirst ? (international() ?? national()) : (national() ?? international());
    return digits ? { digits } : { problem: messages.unreadable(region) };
  }

  /**
   * A stored number as people read it: written nationally when it has the country code of
   * `region` (the business's country: Åland's numbers are Finland's), internationally otherwise;
   * a number that cannot be read as it is stored.
   */
  function formatPhoneNumber(stored: string, region: string | null): string {
    if (!/^\d{4,17}$/.test(stored)) return stored;
    let number: PhoneNumber;
    try {
      // Stored digits are E.164 already: built directly, not parsed (an export formats 100,000 of them).
      number = new PhoneNumber(`+${stored}` as E164Number, metadata);
    } catch {
      return stored;
    }
    if (!number.isPossible()) return stored;
    return known(region) && getCountryCallingCode(region, metadata) === number.countryCallingCode ? number.formatNational() : number.formatInternational();
  }

  /** Calling code -> its first region ('1' -> US, '44' -> GB), built once. */
  let regionByCallingCode: Map<string, CountryCode> | undefined;
  function regionsByCallingCode() {
    if (!regionByCallingCode) {
      regionByCallingCode = new Map();
      for (const region of getCountries(metadata)) {
        const code = getCountryCallingCode(region, metadata);
        if (!regionByCallingCode.has(code)) regionByCallingCode.set(code, region);
      }
    }
    return regionByCallingCode;
  }

  /** Calling code -> the national prefix of its first region ('1' -> '1', '49' -> '0', '34' -> ''). */
  let prefixByCallingCode: Map<string, string> | undefined;
  function callingCodePrefixes() {
    prefixByCallingCode ??= new Map([...regionsByCallingCode()].map(([code, region]) => [code, nationalPrefix(region)]));
    return prefixByCallingCode;
  }

  /**
   * The digits a search can find a stored number by: as stored (4915123456789) and as dialled at
   * home (015123456789), without parsing it: calling codes are 1 to 3 digits, none the start of another.
   */
  function phoneSearchDigits(stored: string): string {
    const prefixes = callingCodePrefixes();
    for (let length = 1; length <= 3; length += 1) {
      const prefix = prefixes.get(stored.slice(0, length));
      if (prefix !== undefined) return `${stored} ${prefix}${stored.slice(length)}`;
    }
    return stored;
  }

  /**
   * Why a stored number (international digits) that no owner typed may not be sent a text: a
   * country outside `accepted` (empty: any country), or a number that cannot take one; null
   * when it can.
   */
  function textProblem(stored: string, accepted: readonly string[]): string | null {
    const number = parse(`+${stored}`);
    if (!number?.isValid()) return 'Phone number is not a valid number.';
    const region = number.country;
    const type = number.getType();
    // Numbers of no country (+800, +808, +870, +881, +882, +883, +979) are satellite and international services.
    const kind = !region ? 'a satellite or international service number' : TEXTABLE.has(type) ? null : ((type && NUMBER_KINDS[type]) ?? 'not a mobile number');
    if (kind) return `Phone number is ${kind}, which cannot receive text messages: please give a mobile number.`;
    if (accepted.length > 0 && !accepted.includes(region!)) {
      return `Phone number is from ${regionName(region!)}: text messages go only to numbers from ${regionList(accepted)}.`;
    }
    return null;
  }

  /** The region whose English name (or code) is `country`, ignoring case: "Croatia" -> "HR"; else null. */
  function regionFromCountryName(country: string): string | null {
    const wanted = country.trim().toLowerCase();
    return getCountries(metadata).find((code) => code.toLowerCase() === wanted || regionName(code).toLowerCase() === wanted) ?? null;
  }

  return { readPhoneNumber, formatPhoneNumber, phoneSearchDigits, examplePhoneNumber, regionFromCountryName, textProblem, phoneNumberMessages: messages };
}
