import { asc, eq, sql } from 'drizzle-orm';
import { renderMessage, type CampaignStatus, type CampaignType, type Gender } from '../../src/domain';
import { contactFilterCondition } from '../contact-filters/queries';
import { queryRows, type Db } from '../db/client';
import { contactFilterItems, contacts } from '../db/schema';

/** A started campaign as its lanes need it. */
export type RunningCampaign = { id: number; type: CampaignType; paced: boolean; interval: number; intervalSize: number };

// The contact form already checks both; these keep out what an import or an old row might hold.
const USABLE_EMAIL = '^[^@\\s]+@[^@\\s]+$';
// Stored without '+' (spec: digits only); an E.164 number has a country code, so no leading 0.
const USABLE_PHONE = '^\\+?[1-9][0-9]{8,14}$';

/** Insert this many rendered messages per statement (one JSON parameter each). */
const INSERT_CHUNK = 2000;

type Recipient = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  birthDate: string;
  gender: Gender;
  tags: string;
  address: string;
};

/**
 * The campaign when it is running, with its recipients fixed: on the first call after it starts,
 * in one transaction, its business's ACTIVE contacts matching its filter with a usable address for
 * its channel, each address once, one delivery row each with the message rendered for them. With
 * nobody to send to, the campaign fails with the reason. Null when it is not (or no longer) running.
 */
export async function fixRecipients(db: Db, campaignId: number): Promise<RunningCampaign | null> {
  const [state] = await queryRows<RunningCampaign & { status: CampaignStatus; fixed: boolean }>(
    db,
    sql`select c.id, c.type, c.status, not c.send_all_at_once as paced, c.interval, c.interval_size as "intervalSize",
               exists (select 1 from campaign_runs r where r.campaign_id = c.id) as fixed
        from campaigns c where c.id = ${campaignId}`,
  );
  if (!state || state.status !== 'IN_PROGRESS') return null;
  const { id, type, paced, interval, intervalSize } = state;
  if (!state.fixed && !(await db.transaction((tx) => fixInTransaction(tx as unknown as Db, campaignId)))) return null;
  return { id, type, paced, interval, intervalSize };
}

async function fixInTransaction(tx: Db, campaignId: number): Promise<boolean> {
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
    reviewLink: string | null;
    fixed: boolean;
  }>(
    tx,
    sql`select c.status, c.type, c.subject, c.message_body as "messageBody", c.business_id as "businessId",
               c.contact_filter_id as "contactFilterId", f.name as "filterName", b.name as "businessName",
               b.review_link as "reviewLink",
               exists (select 1 from campaign_runs r where r.campaign_id = c.id) as fixed
        from campaigns c
        join businesses b on b.id = c.business_id
        join contact_filters f on f.id = c.contact_filter_id
        where c.id = ${campaignId}
        for update of c`,
  );
  if (!campaign || campaign.status !== 'IN_PROGRESS') return false;
  if (campaign.fixed) return true;

  const items = await tx
    .select({ attribute: contactFilterItems.attribute, operator: contactFilterItems.operator, value: contactFilterItems.value })
    .from(contactFilterItems)
    .where(eq(contactFilterItems.contactFilterId, campaign.contactFilterId))
    .orderBy(asc(contactFilterItems.position));
  const isEmail = campaign.type === 'EMAIL';
  const address = isEmail ? sql`trim(${contacts.email})` : sql`'+' || ltrim(${contacts.phoneNumber}, '+')`;
  const usable = isEmail ? sql`${contacts.email} ~ ${USABLE_EMAIL}` : sql`${contacts.phoneNumber} ~ ${USABLE_PHONE}`;
  const recipients = await queryRows<Recipient>(
    tx,
    sql`select distinct on (lower(address)) *
        from (select ${contacts.id} as id, ${contacts.firstName} as "firstName", ${contacts.lastName} as "lastName",
                     ${contacts.email} as email, ${contacts.phoneNumber} as "phoneNumber",
                     ${contacts.birthDate}::text as "birthDate", ${contacts.gender} as gender, ${contacts.tags} as tags,
                     ${address} as address
              from ${contacts}
              where ${contacts.businessId} = ${campaign.businessId} and ${contacts.status} = 'ACTIVE'
                and ${usable} and ${contactFilterCondition(items)}) matching
        order by lower(address), id`,
  );

  const business = { name: campaign.businessName, reviewLink: campaign.reviewLink };
  for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
    const rows = recipients.slice(start, start + INSERT_CHUNK).map((contact) => ({
      contact_id: contact.id,
      address: contact.address,
      subject: isEmail ? renderMessage(campaign.subject ?? '', { contact, business }) : null,
      body: renderMessage(campaign.messageBody, { contact, business }),
    }));
    await tx.execute(
      sql`insert into deliveries (campaign_id, contact_id, address, subject, body)
          select ${campaignId}, r.contact_id, r.address, r.subject, r.body
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(contact_id int, address text, subject text, body text)
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
