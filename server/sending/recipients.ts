import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { NO_ADDRESS_SKIPS, renderMessage, suppressedMessage, usesTemplateVariable, type SmsWindow, type CampaignStatus, type CampaignType, type SuppressionReason, type TemplateContact } from '#domain';
import { smsSegments } from '#domain/sms-segments';
import type { DeliveryConfig } from '../config';
import { contactFilterCondition } from '../contact-filters/queries';
import { queryRows, type Db } from '../db/client';
import { canReceive, recipientAddress, suppressionAddress } from './addresses';
import { reviewUrl } from './paths';
import { askedAgo, askedDaysAgo } from './review-cap';
import { contactFilterItems, contacts } from '../db/schema';

/** A started campaign as its lanes need it. */
export type RunningCampaign = {
  id: number;
  type: CampaignType;
  /** A review automation's campaign: requests are added one per visit and vetted again when due. */
  automation: boolean;
  paced: boolean;
  interval: number;
  intervalSize: number;
  /** Text messages leave only inside their business's SMS window; email is not held. */
  smsWindow: SmsWindow | null;
};

/** Insert this many rendered messages per statement (one JSON parameter each). */
const INSERT_CHUNK = 2000;

type Recipient = TemplateContact & {
  id: number;
  address: string;
  /** The contact has no email (no phone number) for this campaign's channel: listed as skipped. */
  noAddress: boolean;
  /** Days since this contact's last review request of the business, when within its cap. */
  askedDaysAgo: number | null;
  /** Why it is not sent: a suppressed address, or a number that cannot be read. */
  suppressed: SuppressionReason | null;
  phoneProblem: string | null;
};

/**
 * A review page token: 128 bits, URL-safe, 22 characters (short enough for a text message). The
 * first 24 bits count minutes, the other 104 are random: the tokens a campaign start writes at
 * once sit together in their unique index, whose recent pages stay in memory however large it
 * grows, instead of landing all over it.
 */
export function newReviewToken(now = Date.now()): string {
  const token = randomBytes(16);
  token.writeUIntBE(Math.floor(now / 60_000) % 2 ** 24, 0, 3);
  return token.toString('base64url');
}

/** Whether a message is a review request: it links to the review page. */
export const isReviewRequest = (campaign: { subject: string | null; messageBody: string }) =>
  usesTemplateVariable(campaign.messageBody, 'reviewLink') || usesTemplateVariable(campaign.subject, 'reviewLink');

type Settings = Pick<DeliveryConfig, 'appUrl' | 'dayMs'>;

/**
 * The campaign when it is running, with its recipients fixed: on the first call after it starts,
 * in one transaction, its business's ACTIVE contacts matching its filter with a usable address for
 * its channel, each address once, one delivery row each with the message rendered for them. With
 * nobody to send to, the campaign fails with the reason. Null when it is not (or no longer) running.
 */
export async function fixRecipients(db: Db, campaignId: number, settings: Settings): Promise<RunningCampaign | null> {
  const [state] = await queryRows<Omit<RunningCampaign, 'smsWindow'> & { status: CampaignStatus; fixed: boolean } & SmsWindow>(
    db,
    sql`select c.id, c.type, c.automation, c.status, not c.send_all_at_once as paced, c.interval, c.interval_size as "intervalSize",
               b.time_zone as "timeZone", b.sms_window_start as start, b.sms_window_end as "end",
               exists (select 1 from campaign_runs r where r.campaign_id = c.id) as fixed
        from campaigns c join businesses b on b.id = c.business_id where c.id = ${campaignId}`,
  );
  if (!state || state.status !== 'IN_PROGRESS') return null;
  const { id, type, automation, paced, interval, intervalSize, timeZone, start, end } = state;
  if (!state.fixed && !(await db.transaction((tx) => fixInTransaction(tx as unknown as Db, campaignId, settings)))) return null;
  return { id, type, automation, paced, interval, intervalSize, smsWindow: type === 'SMS' ? { timeZone, start, end } : null };
}

/** A recipient who is listed but not sent to, with the reason; else queued. */
function skipped(contact: Recipient, isEmail: boolean): { state: 'queued' | 'skipped'; error: string | null } {
  if (contact.noAddress) return { state: 'skipped', error: NO_ADDRESS_SKIPS[isEmail ? 'EMAIL' : 'SMS'] };
  if (contact.suppressed) return { state: 'skipped', error: suppressedMessage(contact.suppressed) };
  if (!isEmail && contact.phoneProblem) return { state: 'skipped', error: `skipped: ${contact.phoneProblem}` };
  if (contact.askedDaysAgo !== null) return { state: 'skipped', error: askedAgo(contact.askedDaysAgo) };
  return { state: 'queued', error: null };
}

async function fixInTransaction(tx: Db, campaignId: number, settings: Settings): Promise<boolean> {
  // The campaign row lock makes concurrent lanes (and a cancel) wait for the first fixer.
  const [campaign] = await queryRows<{
    status: CampaignStatus;
    type: CampaignType;
    subject: string | null;
    messageBody: string;
    businessId: number;
    contactFilterId: number;
    filterName: string;
    businessName: string;
    capDays: number;
  }>(
    tx,
    sql`select c.status, c.type, c.subject, c.message_body as "messageBody", c.business_id as "businessId",
               c.contact_filter_id as "contactFilterId", f.name as "filterName", b.name as "businessName",
               b.review_request_cap_days as "capDays"
        from campaigns c
        join businesses b on b.id = c.business_id
        join contact_filters f on f.id = c.contact_filter_id
        where c.id = ${campaignId}
        for update of c`,
  );
  if (!campaign || campaign.status !== 'IN_PROGRESS') return false;
  // A statement of its own, after the lock: one in the locking statement would still see the
  // snapshot from before the lane that held the lock fixed the recipients.
  const [run] = await queryRows<{ fixed: boolean }>(
    tx,
    sql`select exists (select 1 from campaign_runs where campaign_id = ${campaignId}) as fixed`,
  );
  if (run!.fixed) return true;

  const items = await tx
    .select({ attribute: contactFilterItems.attribute, operator: contactFilterItems.operator, value: contactFilterItems.value })
    .from(contactFilterItems)
    .where(eq(contactFilterItems.contactFilterId, campaign.contactFilterId))
    .orderBy(asc(contactFilterItems.position));
  const isEmail = campaign.type === 'EMAIL';
  const reviewRequest = isReviewRequest(campaign);
  // The per-contact cap: the last review request this contact received from the business, if recent.
  const asked =
    reviewRequest && campaign.capDays > 0
      ? askedDaysAgo(contacts.id, sql`${campaign.capDays}::int`, settings.dayMs, sql`and asked.campaign_id <> ${campaignId}`)
      : sql`null::int`;
  const recipients = await queryRows<Recipient>(
    tx,
    // A contact without the channel gets a placeholder address of its own (rows stay one per address).
    sql`select distinct on (lower(address)) *
        from (select ${contacts.id} as id, ${contacts.firstName} as "firstName", ${contacts.lastName} as "lastName",
                     ${contacts.email} as email, ${contacts.phoneNumber} as "phoneNumber",
                     ${contacts.birthDate}::text as "birthDate", ${contacts.gender} as gender, ${contacts.tags} as tags,
                     coalesce(${recipientAddress(campaign.type)}, 'no address: contact ' || ${contacts.id}) as address,
                     ${recipientAddress(campaign.type)} is null as "noAddress",
                     ${asked} as "askedDaysAgo", ${contacts.phoneProblem} as "phoneProblem",
                     (select s.reason from suppressions s
                      where s.business_id = ${campaign.businessId} and s.channel = ${campaign.type}
                        and s.address = ${suppressionAddress(campaign.type)}) as suppressed
              from ${contacts}
              where ${contacts.businessId} = ${campaign.businessId}
                and ${canReceive(campaign.type)} and ${contactFilterCondition(items)}) matching
        order by lower(address), id`,
  );

  for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
    const rows = recipients.slice(start, start + INSERT_CHUNK).map((contact) => {
      const skip = skipped(contact, isEmail);
      const token = reviewRequest && skip.state === 'queued' ? newReviewToken() : null;
      const business = { name: campaign.businessName, reviewLink: token && reviewUrl(settings.appUrl, token) };
      const body = renderMessage(campaign.messageBody, { contact, business });
      return {
        contact_id: contact.id,
        address: contact.address,
        subject: isEmail ? renderMessage(campaign.subject ?? '', { contact, business }) : null,
        body,
        review_token: token,
        segments: isEmail ? null : smsSegments(body).segments,
        ...skip,
      };
    });
    await tx.execute(
      sql`insert into deliveries (campaign_id, contact_id, address, subject, body, review_token, segments, state, error)
          select ${campaignId}, r.contact_id, r.address, r.subject, r.body, r.review_token, r.segments, r.state, r.error
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as r(contact_id int, address text, subject text, body text, review_token text, segments int, state text, error text)
          order by r.contact_id
          on conflict do nothing`,
    );
  }
  await tx.execute(sql`insert into campaign_runs (campaign_id) values (${campaignId})`);
  if (recipients.length > 0) return true;
  const what = isEmail ? 'an email address' : 'a mobile number with its country code';
  await tx.execute(
    sql`update campaigns set status = 'FAILED', updated_at = now(),
          failure_reason = ${`No recipients: no active contact matching “${campaign.filterName}” has ${what}.`}
        where id = ${campaignId}`,
  );
  return false;
}
