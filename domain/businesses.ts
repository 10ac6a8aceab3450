import * as z from 'zod/mini';
import { limits, validationMessages as m } from './messages';
import { isPlainText, isWebAddress, maxMessage, requiredText } from './rules';
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
} as const;

export const reviewSiteSchema = z.object({
  name: requiredText('Review site name', businessMessages.siteNameRequired, REVIEW_SITE_NAME_MAX),
  url: z.string({ error: businessMessages.siteUrlRequired }).check(
    z.trim(),
    z.minLength(1, businessMessages.siteUrlRequired),
    // The URL parser would quietly drop or escape control characters; the stored text keeps them.
    z.refine((value) => isWebAddress(value) && isPlainText(value), businessMessages.siteUrlInvalid),
  ),
});
export type ReviewSite = z.infer<typeof reviewSiteSchema>;

const regionNames = new Intl.DisplayNames('en', { type: 'region' });
/** An ISO 3166 alpha-2 region the runtime has a name for ("HR"). */
export const isRegionCode = (value: string) => /^[A-Z]{2}$/.test(value) && regionNames.of(value) !== value;

export const REGION_INVALID = 'Choose the country from the list.';

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
  name: businessText(m.businessNameRequired, 'Business name'),
  streetName: businessText(m.streetNameRequired, 'Street name'),
  streetNumber: businessText(m.streetNumberRequired, 'Street number', limits.streetNumberMax),
  country: businessText(m.countryRequired, 'Country'),
  city: businessText(m.cityRequired, 'City'),
  postalCode: z.string({ error: m.postalCodeRequired }).check(
    z.trim(),
    z.minLength(1, m.postalCodeRequired),
    z.regex(/^\d+$/, m.postalCodeInteger),
    z.maxLength(limits.businessTextMax, maxMessage('Postal code', limits.businessTextMax)),
  ),
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
}).check(
  z.refine((business) => business.smsWindowStart < business.smsWindowEnd, {
    message: smsWindowMessages.startAfterEnd,
    path: ['smsWindowEnd'],
  }),
);
export type BusinessPayload = z.infer<typeof businessSchema>;
export type BusinessFormValues = z.input<typeof businessSchema>;

/** A business as the API answers it. */
export type Business = { id: number } & BusinessPayload;
