import * as z from 'zod/mini';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { limits, validationMessages as m } from './messages';
import { isWebAddress, requiredText } from './rules';
import { isVisibleText, replyToRule, senderNameRule } from './sender';
import { isClockTime, isTimeZone, SMS_WINDOW, smsWindowMessages } from './sms-window';

/** The business form (create and update), its review sites and its contact cap. */

/** Names the site field offers; any other name may be typed. */
export const REVIEW_SITE_SUGGESTIONS = ['Google', 'Facebook', 'Yelp', 'Tripadvisor', 'Trustpilot'] as const;
export const REVIEW_SITES_MAX = 10;
export const REVIEW_SITE_NAME_MAX = 30;
/** `reviewRequestCapDays`: a contact gets at most one review request per this many days (0: no cap). */
export const DEFAULT_REVIEW_REQUEST_CAP_DAYS = 30;
export const REVIEW_REQUEST_CAP_DAYS_MAX = 365;

export const businessMessages = {
  siteNameRequired: 'Review site name is required',
  siteUrlRequired: 'Review site address is required',
  siteUrlInvalid: 'Review site address must be a web address starting with http:// or https://',
  sitesMax: `A business has at most ${REVIEW_SITES_MAX} review sites`,
  capInvalid: `The contact cap must be a whole number of days from 0 to ${REVIEW_REQUEST_CAP_DAYS_MAX}`,
  notFound: 'Business not found.',
  postalCodeCharacters: 'Postal code must be letters, digits, spaces or hyphens',
  postalCodeInCountry: (country: string) => `Postal code is not valid in ${country}`,
  textCountriesMax: 'Choose at most 30 countries',
} as const;

/** `textCountries`: at most this many. */
export const TEXT_COUNTRIES_MAX = 30;

/**
 * A review site's address as browsers read it (WHATWG): `https://www.yelp.com/biz/café` becomes
 * `https://www.yelp.com/biz/caf%C3%A9` and a host with non-Latin letters its punycode
 * (`xn--…`), so the stored address is the one the /go redirect sends as it is.
 */
export const reviewSiteHref = (url: string) => new URL(url).href;

/** The host a review site's address really goes to, when it has non-Latin letters (punycode, `www.xn--yelp-….com`); else null. */
export function punycodeHost(url: string): string | null {
  try {
    const { hostname } = new URL(url);
    return hostname.split('.').some((label) => label.startsWith('xn--')) ? hostname : null;
  } catch {
    return null;
  }
}

// What postal codes are made of where the country's format is not known.
const POSTAL_CODE_CHARACTERS = /^[\p{L}\d]+(?:[ -][\p{L}\d]+)*$/u;
const DIGIT_GROUPS = /^\d+(?:[ -]\d+)*$/;

/**
 * What is wrong with a postal code in `region`, by the country's own format (postcode-validator):
 * where its codes are digits, anything else has the spec's "must be an integer" ("10115"); where
 * they have letters ("SW1A 1AA", "1012 AB", "K1A 0B1"), a code not of its format is named so.
 * Where the format is not known, letters, digits, spaces and hyphens pass.
 */
export function postalCodeProblem(postalCode: string, region: string | null): string | null {
  const code = postalCode.trim().toUpperCase();
  if (!region || !postcodeValidatorExistsForCountry(region)) return POSTAL_CODE_CHARACTERS.test(code) ? null : businessMessages.postalCodeCharacters;
  if (postcodeValidator(code, region)) return null;
  if (digitsOnly(region) && !DIGIT_GROUPS.test(code)) return m.postalCodeInteger;
  return businessMessages.postalCodeInCountry(regionNames.of(region) ?? region);
}

/**
 * Whether a country's postal codes are digits (with a dash or space at most): some code of ones
 * passes its format ("11111", "111-1111"). Found through the validator's one check, once a region.
 */
const digitsOnlyRegions = new Map<string, boolean>();
function digitsOnly(region: string): boolean {
  let digits = digitsOnlyRegions.get(region);
  if (digits === undefined) {
    const candidates = Array.from({ length: 8 }, (_, i) => '1'.repeat(i + 3)).flatMap((ones) => [
      ones,
      ...Array.from({ length: ones.length - 1 }, (_, at) => [' ', '-'].map((gap) => ones.slice(0, at + 1) + gap + ones.slice(at + 1))).flat(),
    ]);
    digits = candidates.some((candidate) => postcodeValidator(candidate, region));
    digitsOnlyRegions.set(region, digits);
  }
  return digits;
}

export const reviewSiteSchema = z.object({
  name: requiredText('Review site name', businessMessages.siteNameRequired, REVIEW_SITE_NAME_MAX),
  url: z.pipe(
    z.string({ error: businessMessages.siteUrlRequired }).check(
      z.trim(),
      z.minLength(1, businessMessages.siteUrlRequired),
      // The URL parser would quietly drop or escape control characters (and line separators): refused instead.
      z.refine((value) => isWebAddress(value) && isVisibleText(value), businessMessages.siteUrlInvalid),
    ),
    z.transform(reviewSiteHref),
  ),
});
export type ReviewSite = z.infer<typeof reviewSiteSchema>;

const regionNames = new Intl.DisplayNames('en', { type: 'region' });
/** An ISO 3166 alpha-2 region the runtime has a name for ("HR"). */
export const isRegionCode = (value: string) => /^[A-Z]{2}$/.test(value) && regionNames.of(value) !== value;

export const REGION_INVALID = 'Choose the country from the list.';

/**
 * The countries whose mobile numbers a business texts when nobody of it typed the number (the
 * check-in page, the visits API, connectors): its list, else its own country; empty: any.
 */
export const textRegions = (business: { region: string | null; textCountries: readonly string[] | null }): readonly string[] =>
  business.textCountries?.length ? business.textCountries : business.region ? [business.region] : [];

/** Region code -> English name, and back (lower-cased names), built once. */
let regionCodesByName: Map<string, string> | undefined;
/** The region code of an English country name or code ("Croatia", "hr" -> "HR"); null when none. */
export function regionOfCountry(country: string): string | null {
  regionCodesByName ??= new Map(regionOptions().map(({ value, label }) => [label.toLowerCase(), value]));
  const wanted = country.trim();
  return regionCodesByName.get(wanted.toLowerCase()) ?? (isRegionCode(wanted.toUpperCase()) ? wanted.toUpperCase() : null);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Every region the runtime names, by name: the business form's list, without shipping a list of our
 * own. A name given to a withdrawn code too (AN, CW: Curaçao) keeps the later, current code.
 */
export function regionOptions(): Array<{ value: string; label: string }> {
  const byName = new Map<string, string>();
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = regionNames.of(code)!;
      if (isRegionCode(code) && !/Unknown|Outlying|European Union|Eurozone|United Nations|Pseudo/.test(name)) byName.set(name, code);
    }
  }
  return [...byName].map(([label, value]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** 'HH:MM' inside the legal SMS hours; empty or missing means the legal bound itself. */
const windowTime = (fallback: string) =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: smsWindowMessages.timeInvalid }))).check(
      z.refine((value) => !value || isClockTime(value), smsWindowMessages.timeInvalid),
      z.refine(
        (value) => !value || !isClockTime(value) || (value >= SMS_WINDOW.start && value <= SMS_WINDOW.end),
        smsWindowMessages.outsideLegal,
      ),
    ),
    z.transform((value) => value || fallback),
  );

const businessText = (requiredMessage: string, label: string, max: number = limits.businessTextMax) =>
  requiredText(label, requiredMessage, max);

export const businessSchema = z.object({
  name: businessText(m.businessNameRequired, 'Business name', limits.businessNameMax),
  streetName: businessText(m.streetNameRequired, 'Street name'),
  streetNumber: businessText(m.streetNumberRequired, 'Street number', limits.streetNumberMax),
  country: businessText(m.countryRequired, 'Country'),
  city: businessText(m.cityRequired, 'City'),
  // Its format is checked against the business's country below: letters where it uses them ("SW1A 1AA").
  postalCode: requiredText('Postal code', m.postalCodeRequired, limits.businessTextMax),
  /** Where customers leave a review, in the order the review page shows them; `${reviewLink}` needs one. */
  reviewSites: z._default(
    z.array(reviewSiteSchema, { error: businessMessages.sitesMax }).check(z.maxLength(REVIEW_SITES_MAX, businessMessages.sitesMax)),
    [],
  ),
  reviewRequestCapDays: z._default(
    z.int({ error: businessMessages.capInvalid }).check(
      z.gte(0, businessMessages.capInvalid),
      z.lte(REVIEW_REQUEST_CAP_DAYS_MAX, businessMessages.capInvalid),
    ),
    DEFAULT_REVIEW_REQUEST_CAP_DAYS,
  ),
  /** Optional: the country phone numbers without a country code are read in; else read from `country`'s name. */
  region: z.pipe(
    z.optional(z.nullable(z.string({ error: REGION_INVALID }))).check(
      z.refine((value) => !value || isRegionCode(value), REGION_INVALID),
    ),
    z.transform((value) => value || null),
  ),
  /** Optional: IANA name, UTC when missing (the form offers the browser's). */
  timeZone: z.pipe(
    z.optional(z.nullable(z.string({ error: smsWindowMessages.timeZoneInvalid }))).check(
      z.refine((value) => !value || isTimeZone(value), smsWindowMessages.timeZoneInvalid),
    ),
    z.transform((value) => value || 'UTC'),
  ),
  smsWindowStart: windowTime(SMS_WINDOW.start),
  smsWindowEnd: windowTime(SMS_WINDOW.end),
  /** Optional: countries whose mobile numbers are texted when a customer gave the number (see textRegions); empty: the phone number country's. */
  textCountries: z._default(
    z.array(z.string({ error: REGION_INVALID }).check(z.refine(isRegionCode, REGION_INVALID)), { error: businessMessages.textCountriesMax }).check(
      z.maxLength(TEXT_COUNTRIES_MAX, businessMessages.textCountriesMax),
    ),
    [],
  ),
  /** Optional: the name campaign emails are from; empty: the business's name. */
  senderName: senderNameRule,
  /** Optional: where replies to campaign emails go; empty: the owner's email. */
  replyTo: replyToRule,
}).check(
  z.refine((business) => business.smsWindowStart < business.smsWindowEnd, {
    message: smsWindowMessages.startAfterEnd,
    path: ['smsWindowEnd'],
  }),
  z.superRefine(
    (business, ctx) => {
      // The address's country, by its name (the phone number country may be another).
      const { postalCode, country } = business as Partial<Record<string, unknown>>;
      if (typeof postalCode !== 'string' || typeof country !== 'string') return;
      const problem = postalCodeProblem(postalCode, regionOfCountry(country));
      if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['postalCode'], input: postalCode });
    },
    // Also when another field failed: the form shows the postal code's problem with the others.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  ),
);
export type BusinessPayload = z.infer<typeof businessSchema>;
export type BusinessFormValues = z.input<typeof businessSchema>;

/** A review site as the API answers it (named ReviewSite in the OpenAPI document). */
export const reviewSiteAnswerSchema = z.object({ name: z.string(), url: z.string() });

/** A business as the API answers it: its payload's fields, checked, and its id. server/businesses/schemas.ts names it in the OpenAPI document. */
export const businessAnswerSchema = z.object({
  id: z.int(),
  name: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  country: z.string(),
  city: z.string(),
  postalCode: z.string(),
  reviewSites: z.array(reviewSiteAnswerSchema),
  reviewRequestCapDays: z.int(),
  region: z.nullable(z.string()),
  timeZone: z.string(),
  smsWindowStart: z.string(),
  smsWindowEnd: z.string(),
  textCountries: z.array(z.string()),
  senderName: z.nullable(z.string()),
  replyTo: z.nullable(z.string()),
});
export type Business = z.infer<typeof businessAnswerSchema>;

/** GET /business/get-first-steps/{businessId}: what the dashboard's first steps need to know. */
export const firstStepsSchema = z.object({
  reviewSites: z.int(),
  contacts: z.int(),
  /** Campaigns that have started (drafts and scheduled ones not yet). */
  campaignsStarted: z.int(),
  automationEnabled: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;
