import { sql } from 'drizzle-orm';
import {
  automationMessages,
  CAMPAIGN_TYPES,
  DEFAULT_AUTOMATION,
  smsWindowMessages,
  type Automation,
  type AutomationLogItem,
  type AutomationSettings,
  type CampaignType,
  type ReviewSite,
} from '#domain';
import { queryRows, type Db } from '../db/client';
import { campaignFunnel } from '../reviews/funnel';

/** The name an automation's campaigns go by where messages are listed (a contact's history, feedback alerts). */
export const AUTOMATION_CAMPAIGN_NAME = 'Review automation';

/** The log shows this many of the newest visits. */
export const AUTOMATION_LOG_MAX = 500;

/** Why a request was not sent: the owner turned the automation off before it fell due. */
export const TURNED_OFF = 'the automation was turned off';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The ids of a business's automation campaigns (none before its first save). */
async function automationCampaignIds(db: Db, businessId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from campaigns where business_id = ${businessId} and automation order by id`);
  return rows.map((row) => row.id);
}

/** The business's automation as the API answers it: its settings (the defaults before the first save), why it stopped, and its figures. */
export async function automationOf(db: Db, businessId: number, sites: ReviewSite[]): Promise<Automation> {
  const [[stored], [failed], [visits], campaignIds] = await Promise.all([
    queryRows<Omit<AutomationSettings, 'reminder'> & { reminderAfterDays: number | null; reminderSubject: string | null; reminderBody: string | null }>(
      db,
      sql`select enabled, delay_minutes as "delayMinutes", channel, message_body as "messageBody", subject,
                 reminder_after_days as "reminderAfterDays", reminder_subject as "reminderSubject", reminder_body as "reminderBody"
          from review_automations where business_id = ${businessId}`,
    ),
    queryRows<{ reason: string }>(
      db,
      sql`select failure_reason as reason from campaigns
          where business_id = ${businessId} and automation and status = 'FAILED' and failure_reason is not null limit 1`,
    ),
    queryRows<Automation['visits']>(
      db,
      sql`select count(*)::int as total, count(due_at)::int as requested, count(skip_reason)::int as skipped
          from visits where business_id = ${businessId}`,
    ),
    automationCampaignIds(db, businessId),
  ]);
  const { funnel, sites: clicks, reminders, ratings } = await campaignFunnel(db, campaignIds, sites);
  const settings = stored
    ? {
        enabled: stored.enabled,
        delayMinutes: stored.delayMinutes,
        channel: stored.channel,
        messageBody: stored.messageBody,
        subject: stored.subject,
        reminder:
          stored.reminderAfterDays === null || stored.reminderBody === null
            ? null
            : { afterDays: stored.reminderAfterDays, messageBody: stored.reminderBody, subject: stored.reminderSubject },
      }
    : DEFAULT_AUTOMATION;
  return { businessId, ...settings, failureReason: failed?.reason ?? null, funnel, averageRating: ratings.averageRating, sites: clicks, visits: visits!, reminders };
}

/**
 * Saves the business's automation in one transaction: its settings; its two campaigns (created on
 * the first save, with their runs, so lanes find them fixed); and their status, running while it is
 * on (a campaign that had failed runs again), paused while it is off. Turning it off cancels every
 * request and reminder not yet claimed by a worker. Answers the campaigns to wake when on.
 */
export async function saveAutomation(db: Db, businessId: number, settings: AutomationSettings): Promise<number[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { reminder } = settings;
    // The row lock: visits being recorded finish first, later ones see the new settings.
    await tx.execute(
      sql`insert into review_automations as a (business_id, enabled, delay_minutes, channel, subject, message_body,
                                               reminder_after_days, reminder_subject, reminder_body)
          values (${businessId}, ${settings.enabled}, ${settings.delayMinutes}, ${settings.channel}, ${settings.subject}, ${settings.messageBody},
                  ${reminder?.afterDays ?? null}, ${reminder?.subject ?? null}, ${reminder?.messageBody ?? null})
          on conflict (business_id) do update set
            enabled = excluded.enabled, delay_minutes = excluded.delay_minutes, channel = excluded.channel, subject = excluded.subject,
            message_body = excluded.message_body, reminder_after_days = excluded.reminder_after_days,
            reminder_subject = excluded.reminder_subject, reminder_body = excluded.reminder_body, updated_at = now()`,
    );
    await tx.execute(
      sql`insert into campaigns (business_id, name, type, status, start_time, "interval", interval_size, send_all_at_once, subject, message_body, automation)
          select ${businessId}, ${AUTOMATION_CAMPAIGN_NAME}, t.type, 'PAUSED', now(), 1, 1, true, case when t.type = 'EMAIL' then '' end, '', true
          from unnest(${`{${CAMPAIGN_TYPES.join(',')}}`}::text[]) as t(type)
          on conflict (business_id, type) where automation do nothing`,
    );
    const campaigns = await queryRows<{ id: number; type: CampaignType }>(
      tx,
      sql`update campaigns set updated_at = now(),
            ${settings.enabled ? sql`status = 'IN_PROGRESS', failure_reason = null, lane_failures = 0` : sql`status = 'PAUSED'`}
          where business_id = ${businessId} and automation
          returning id, type`,
    );
    const ids = `{${campaigns.map((campaign) => campaign.id).join(',')}}`;
    await tx.execute(sql`insert into campaign_runs (campaign_id) select unnest(${ids}::int[]) on conflict do nothing`);
    if (!settings.enabled) {
      await tx.execute(
        sql`update deliveries set state = 'canceled', error = ${TURNED_OFF}
            where campaign_id = any(${ids}::int[]) and state = 'queued'`,
      );
    }
    return settings.enabled ? campaigns.map((campaign) => campaign.id) : [];
  });
}

type LogRow = Omit<AutomationLogItem, 'request'> & {
  request: (Omit<NonNullable<AutomationLogItem['request']>, 'waitingFor'> & { windowOpens: string | null; stopped: boolean }) | null;
};

/** The newest visits while the automation was on, each with what became of its request, newest first. */
export async function automationLog(db: Db, businessId: number): Promise<AutomationLogItem[]> {
  const rows = await queryRows<LogRow>(
    db,
    sql`select v.id, v.contact_id as "contactId",
               case when ct.id is null then null else concat_ws(' ', ct.first_name, ct.last_name) end as "contactName",
               ${iso('v.visited_at')} as "visitedAt", v.source, v.skip_reason as skipped,
               case when d.id is null then null else json_build_object(
                 'channel', c.type, 'dueAt', ${iso('v.due_at')}, 'state', d.state, 'sentAt', ${iso('d.sent_at')}, 'error', d.error,
                 -- Due, and held by the SMS window: the local time it opens.
                 'windowOpens', case when d.state = 'queued' and d.next_attempt_at <= now() and r.sms_window_opens_at is not null
                                     then b.sms_window_start end,
                 -- Kept while the automation's sending had stopped: it goes when the owner saves it again.
                 'stopped', d.state = 'queued' and c.status = 'FAILED') end as request,
               exists (select 1 from review_events e where e.delivery_id = d.id and not e.automated and e.kind in ('visit', 'click')) as visited,
               coalesce((select json_agg(clicks.site_name order by clicks.first)
                         from (select e.site_name, min(e.id) as first from review_events e
                               where e.delivery_id = d.id and e.kind = 'click' and not e.automated group by e.site_name) clicks), '[]'::json) as clicked,
               (select e.rating from review_events e where e.delivery_id = d.id and e.kind = 'feedback' order by e.id desc limit 1) as rating,
               case when f.id is null then null else json_build_object('state', f.state, 'sentAt', ${iso('f.sent_at')}) end as reminder
        from visits v
        join businesses b on b.id = v.business_id
        left join contacts ct on ct.id = v.contact_id
        left join deliveries d on d.visit_id = v.id and not d.follow_up
        left join campaigns c on c.id = d.campaign_id
        left join campaign_runs r on r.campaign_id = d.campaign_id
        left join deliveries f on f.visit_id = v.id and f.follow_up
        where v.business_id = ${businessId}
        order by v.visited_at desc, v.id desc
        limit ${AUTOMATION_LOG_MAX}`,
  );
  return rows.map(({ request, ...item }) => ({
    ...item,
    request: request && {
      channel: request.channel,
      dueAt: request.dueAt,
      state: request.state,
      sentAt: request.sentAt,
      error: request.error,
      waitingFor: request.stopped
        ? automationMessages.waitingForSave
        : request.windowOpens
          ? smsWindowMessages.waiting(request.windowOpens)
          : null,
    },
  }));
}
