import { sql } from 'drizzle-orm';
import { renderMessage, type CampaignType, type TemplateContact } from '#domain';
import { smsSegments } from '#domain/sms-segments';
import type { DeliveryConfig } from '../config';
import { queryRows, type Db } from '../db/client';
import { reviewUrl } from './paths';

type Settings = Pick<DeliveryConfig, 'appUrl' | 'dayMs'>;

/** An automation's reminder still goes this many days after it fell due (workers were down); later, not at all. */
export const REMINDER_LATE_DAYS = 2;
/** Reminders fixed per sweep at most; the next sweep takes the rest. */
const REMINDERS_PER_SWEEP = 5000;

type DueCampaign = {
  id: number;
  type: CampaignType;
  paced: boolean;
  subject: string | null;
  followUpSubject: string | null;
  followUpBody: string;
  businessName: string;
};

type Reminded = TemplateContact & {
  contactId: number;
  address: string;
  reviewToken: string;
};

/**
 * Campaigns whose reminder is due: every first message has left, the last one `afterDays` days ago.
 * Its recipients are fixed then, in one transaction: those of the first round whose message left,
 * who are still ACTIVE and never opened their review page as a person (automated openings do not
 * count), each sent the reminder with their own review link, through the campaign's lanes and
 * pacing. A campaign that finished runs again for it. Answers the campaigns to run.
 */
export async function queueDueFollowUps(db: Db, settings: Settings): Promise<Array<{ id: number; paced: boolean }>> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select c.id from campaigns c
        where c.follow_up_after_days is not null and c.follow_up_queued_at is null and c.status in ('IN_PROGRESS', 'COMPLETED')
          and exists (select 1 from campaign_runs r where r.campaign_id = c.id)
          and not exists (select 1 from deliveries d where d.campaign_id = c.id and d.state in ('queued', 'sending'))
          and (select max(d.sent_at) from deliveries d where d.campaign_id = c.id and not d.follow_up)
              <= now() - make_interval(secs => c.follow_up_after_days * ${settings.dayMs / 1000}::float8)`,
  );
  const queued: Array<{ id: number; paced: boolean }> = [];
  for (const { id } of due) {
    const run = await db.transaction((tx) => queueInTransaction(tx as unknown as Db, id, settings));
    if (run) queued.push(run);
  }
  return queued;
}

async function queueInTransaction(tx: Db, campaignId: number, settings: Settings) {
  // The row lock makes concurrent sweeps of several workers queue a reminder once.
  const [campaign] = await queryRows<DueCampaign & { queued: boolean }>(
    tx,
    sql`select c.id, c.type, not c.send_all_at_once as paced, c.subject, c.follow_up_subject as "followUpSubject",
               c.follow_up_body as "followUpBody", b.name as "businessName", c.follow_up_queued_at is not null as queued
        from campaigns c join businesses b on b.id = c.business_id
        where c.id = ${campaignId} and c.follow_up_body is not null
        for update of c`,
  );
  if (!campaign || campaign.queued) return null;
  const recipients = await queryRows<Reminded>(
    tx,
    sql`select ct.id as "contactId", d.address, d.review_token as "reviewToken", ct.first_name as "firstName", ct.last_name as "lastName",
               ct.email, ct.phone_number as "phoneNumber", ct.birth_date::text as "birthDate", ct.gender, ct.tags
        from deliveries d join contacts ct on ct.id = d.contact_id
        where d.campaign_id = ${campaignId} and not d.follow_up and d.review_token is not null
          and d.state in ('sent', 'delivered', 'outbox') and ct.status = 'ACTIVE'
          and not exists (select 1 from review_events e where e.delivery_id = d.id and not e.automated and e.kind in ('visit', 'click'))
        order by d.id`,
  );
  const rows = recipients.map((contact) => {
    const business = { name: campaign.businessName, reviewLink: reviewUrl(settings.appUrl, contact.reviewToken) };
    return {
      contact_id: contact.contactId,
      address: contact.address,
      subject: campaign.type === 'EMAIL' ? renderMessage(campaign.followUpSubject ?? campaign.subject ?? '', { contact, business }) : null,
      body: renderMessage(campaign.followUpBody, { contact, business }),
    };
  });
  if (rows.length > 0) {
    await tx.execute(
      sql`insert into deliveries (campaign_id, contact_id, address, subject, body, follow_up)
          select ${campaignId}, r.contact_id, r.address, r.subject, r.body, true
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(contact_id int, address text, subject text, body text)
          on conflict do nothing`,
    );
  }
  await tx.execute(
    sql`update campaigns set follow_up_queued_at = now(), updated_at = now(),
          status = case when ${rows.length > 0} then 'IN_PROGRESS' else status end
        where id = ${campaignId}`,
  );
  return rows.length > 0 ? { id: campaign.id, paced: campaign.paced } : null;
}

type DueVisitReminder = Reminded & {
  campaignId: number;
  visitId: number;
  type: CampaignType;
  subject: string | null;
  reminderSubject: string | null;
  reminderBody: string;
  businessName: string;
};

/**
 * The review automations' reminders, one per visit: a request that left `afterDays` days ago (at
 * most REMINDER_LATE_DAYS more) whose contact is still ACTIVE and never opened the review page as a
 * person gets the automation's reminder with the same review link, through its campaign's lanes.
 * The visit's unique reminder row makes concurrent sweeps of several workers add it once. Answers
 * the campaigns that got reminders.
 */
export async function queueDueVisitReminders(db: Db, settings: Settings): Promise<number[]> {
  const day = sql`${settings.dayMs / 1000}::float8`;
  const due = await queryRows<DueVisitReminder>(
    db,
    sql`select d.campaign_id as "campaignId", d.visit_id as "visitId", c.type, a.subject, a.reminder_subject as "reminderSubject",
               a.reminder_body as "reminderBody", b.name as "businessName",
               ct.id as "contactId", d.address, d.review_token as "reviewToken", ct.first_name as "firstName", ct.last_name as "lastName",
               ct.email, ct.phone_number as "phoneNumber", ct.birth_date::text as "birthDate", ct.gender, ct.tags
        from review_automations a
        join businesses b on b.id = a.business_id
        join campaigns c on c.business_id = a.business_id and c.automation and c.status = 'IN_PROGRESS'
        join deliveries d on d.campaign_id = c.id and d.visit_id is not null and not d.follow_up
        join contacts ct on ct.id = d.contact_id
        where a.enabled and a.reminder_after_days is not null
          and d.sent_at <= now() - make_interval(secs => a.reminder_after_days * ${day})
          and d.sent_at > now() - make_interval(secs => (a.reminder_after_days + ${REMINDER_LATE_DAYS}) * ${day})
          and d.state in ('sent', 'delivered', 'outbox') and d.review_token is not null and ct.status = 'ACTIVE'
          and not exists (select 1 from review_events e where e.delivery_id = d.id and not e.automated and e.kind in ('visit', 'click'))
          and not exists (select 1 from deliveries r where r.visit_id = d.visit_id and r.follow_up)
        order by d.id
        limit ${REMINDERS_PER_SWEEP}`,
  );
  if (due.length === 0) return [];
  const rows = due.map((reminder) => {
    const context = { contact: reminder, business: { name: reminder.businessName, reviewLink: reviewUrl(settings.appUrl, reminder.reviewToken) } };
    const body = renderMessage(reminder.reminderBody, context);
    return {
      campaign_id: reminder.campaignId,
      visit_id: reminder.visitId,
      contact_id: reminder.contactId,
      address: reminder.address,
      subject: reminder.type === 'EMAIL' ? renderMessage(reminder.reminderSubject ?? reminder.subject ?? '', context) : null,
      body,
      segments: reminder.type === 'SMS' ? smsSegments(body).segments : null,
    };
  });
  const added = await queryRows<{ campaignId: number }>(
    db,
    sql`insert into deliveries (campaign_id, visit_id, contact_id, address, subject, body, segments, follow_up)
        select r.campaign_id, r.visit_id, r.contact_id, r.address, r.subject, r.body, r.segments, true
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(campaign_id int, visit_id int, contact_id int, address text, subject text, body text, segments int)
        on conflict do nothing
        returning campaign_id as "campaignId"`,
  );
  return [...new Set(added.map((row) => row.campaignId))];
}
