import { sql } from 'drizzle-orm';
import type { CampaignType } from '#domain';
import { contacts } from '../db/schema';

// The contact form already checks both; these keep out what an import or an old row might hold.
const USABLE_EMAIL = '^[^@\\s]+@[^@\\s]+$';
// Stored without '+' (spec: digits only); an E.164 number has a country code, so no leading 0.
const USABLE_PHONE = '^\\+?[1-9][0-9]{8,14}$';

/**
 * Where a campaign of this type sends to: the trimmed email, or the phone number in E.164 form
 * (a number that could not be read as international stays as stored: it is skipped, never sent).
 */
export const recipientAddress = (type: CampaignType) =>
  type === 'EMAIL'
    ? sql`trim(${contacts.email})`
    : sql`case when ${contacts.phoneProblem} is null then '+' || ltrim(${contacts.phoneNumber}, '+') else ${contacts.phoneNumber} end`;

/** How the suppression list writes a contact's address: the lower-case email, or the number's digits. */
export const suppressionAddress = (type: CampaignType) =>
  type === 'EMAIL' ? sql`lower(trim(${contacts.email}))` : sql`ltrim(${contacts.phoneNumber}, '+')`;

/**
 * A contact a campaign of this type counts as a recipient: ACTIVE, with a usable address for its
 * channel, or (text messages) a number with a known problem, or without the channel at all (an
 * imported contact), so it is listed as skipped with the reason. Those without an address are
 * not counted where addresses are (count(distinct address) leaves nulls out).
 */
export const canReceive = (type: CampaignType) =>
  sql`${contacts.status} = 'ACTIVE' and ${
    type === 'EMAIL'
      ? sql`(${contacts.email} ~ ${USABLE_EMAIL} or ${contacts.email} is null)`
      : sql`(${contacts.phoneNumber} ~ ${USABLE_PHONE} or ${contacts.phoneProblem} is not null or ${contacts.phoneNumber} is null)`
  }`;

/**
 * A contact has an address a message of this type can go to: a usable email, or a number read as
 * an international one (a number with a known problem is none). Null-safe: a missing address is none.
 */
export const hasUsableAddress = (type: CampaignType) =>
  type === 'EMAIL'
    ? sql`coalesce(${contacts.email} ~ ${USABLE_EMAIL}, false)`
    : sql`coalesce(${contacts.phoneNumber} ~ ${USABLE_PHONE} and ${contacts.phoneProblem} is null, false)`;
