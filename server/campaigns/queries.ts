import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import {
  actionRefusedMessage,
  allowedStatuses,
  campaignCopyName,
  campaignMessages,
  smsWindowMessages,
  type Campaign,
  type CampaignAction,
  type CampaignStatus,
  type LaunchCampaign,
  type NewCampaign,
  type UpdateCampaign,
} from '#domain';
import type { Db } from '../db/client';
import { campaigns, contactFilters, deliveries } from '../db/schema';
import { campaignCounts } from '../sending/details';
import { conflict, notFound } from '../lib/errors';
import { isUniqueViolation } from '../lib/pg-errors';

/** A campaign's own columns; every answer reads them through a CTE, so writes can answer in one statement. */
const campaignFields = {
  id: campaigns.id,
  name: campaigns.name,
  type: campaigns.type,
  status: campaigns.status,
  startTime: campaigns.startTime,
  interval: campaigns.interval,
  intervalSize: campaigns.intervalSize,
  subject: campaigns.subject,
  messageBody: campaigns.messageBody,
  businessId: campaigns.businessId,
  contactFilterId: campaigns.contactFilterId,
  sendAllAtOnce: campaigns.sendAllAtOnce,
  failureReason: campaigns.failureReason,
  followUpAfterDays: campaigns.followUpAfterDays,
  followUpSubject: campaigns.followUpSubject,
  followUpBody: campaigns.followUpBody,
  followUpQueuedAt: campaigns.followUpQueuedAt,
  createdAt: campaigns.createdAt,
};
type CampaignSource<Alias extends string> = WithSubqueryWithSelection<typeof campaignFields, Alias>;

/** The campaigns of `source` as the API answers them, newest first: with the filter's name and counts. */
async function answerCampaigns<Alias extends string>(db: Db, dayMs: number, source: CampaignSource<Alias>): Promise<Campaign[]> {
  const rows = await db
    .with(source)
    .select({
      id: source.id,
      name: source.name,
      type: source.type,
      status: source.status,
      startTime: source.startTime,
      contactFilterName: contactFilters.name,
      interval: source.interval,
      intervalSize: source.intervalSize,
      subject: source.subject,
      messageBody: source.messageBody,
      businessId: source.businessId,
      // The joined filter's id: never null here, as an automation's campaign (without one) is no campaign of the list.
      contactFilterId: contactFilters.id,
      sendAllAtOnce: source.sendAllAtOnce,
      failureReason: source.failureReason,
      followUpAfterDays: source.followUpAfterDays,
      followUpSubject: source.followUpSubject,
      followUpBody: source.followUpBody,
      // Aggregated from the deliveries in this same query (an index-only count per campaign).
      counts: campaignCounts(source.id),
      // Text messages held for the SMS window: the local time it opens.
      windowOpens: sql<string | null>`(select b.sms_window_start from campaign_runs r join businesses b on b.id = ${source.businessId}
        where r.campaign_id = ${source.id} and r.sms_window_opens_at is not null and ${source.status} = 'IN_PROGRESS')`,
      // As the reminders' sweep decides (server/sending/follow-ups.ts): `afterDays` after the last first message,
      // once every first message has left, until the reminder is queued.
      reminderDueAt: sql<string | null>`case when ${source.followUpAfterDays} is not null and ${source.followUpQueuedAt} is null
          and ${source.status} in ('IN_PROGRESS', 'COMPLETED')
          and not exists (select 1 from deliveries d where d.campaign_id = ${source.id} and not d.follow_up and d.state in ('queued', 'sending'))
        then to_char(((select max(d.sent_at) from deliveries d where d.campaign_id = ${source.id} and not d.follow_up)
                      + make_interval(secs => ${source.followUpAfterDays} * ${dayMs / 1000}::float8)) at time zone 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`,
    })
    .from(source)
    .innerJoin(contactFilters, eq(contactFilters.id, source.contactFilterId))
    .orderBy(desc(source.createdAt), desc(source.id));
  return rows.map(({ followUpAfterDays, followUpSubject, followUpBody, windowOpens, ...row }) => ({
    ...row,
    startTime: row.startTime?.toISOString() ?? null,
    followUp: followUpAfterDays === null || followUpBody === null ? null : { afterDays: followUpAfterDays, subject: followUpSubject, messageBody: followUpBody },
    waitingFor: windowOpens ? smsWindowMessages.waiting(windowOpens) : null,
  }));
}

/** Every campaign of a business in one query (its review automation's campaigns are not campaigns to the owner). */
export function listCampaigns(db: Db, dayMs: number, businessId: number): Promise<Campaign[]> {
  return answerCampaigns(
    db,
    dayMs,
    db.$with('listed').as(db.select(campaignFields).from(campaigns).where(and(eq(campaigns.businessId, businessId), eq(campaigns.automation, false)))),
  );
}

/** One campaign as the API answers it. */
export async function getCampaign(db: Db, dayMs: number, id: number): Promise<Campaign | undefined> {
  const [campaign] = await answerCampaigns(db, dayMs, db.$with('one').as(db.select(campaignFields).from(campaigns).where(eq(campaigns.id, id))));
  return campaign;
}

type CampaignState = { id: number; businessId: number; status: CampaignStatus; startTime: string | null };

async function campaignState(db: Db, id: number): Promise<CampaignState | undefined> {
  const [row] = await db
    .select({ id: campaigns.id, businessId: campaigns.businessId, status: campaigns.status, startTime: campaigns.startTime })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row && { ...row, startTime: row.startTime?.toISOString() ?? null };
}

/**
 * The business of a campaign, for the ownership hook (registered in routes.ts); undefined for a
 * missing one and for an automation's campaign (the automation's routes manage it).
 */
export async function businessOfCampaign(db: Db, id: number): Promise<number | undefined> {
  const [campaign] = await db
    .select({ businessId: campaigns.businessId })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.automation, false)));
  return campaign?.businessId;
}

/** Why an atomic change found nothing to change: the campaign is gone, or its status (now) refuses the action. */
async function refusal(db: Db, id: number, action: CampaignAction) {
  const current = await campaignState(db, id);
  return current ? conflict(actionRefusedMessage(action, current)) : notFound(campaignMessages.notFound);
}

/** The status condition of an action: the WHERE that makes each change atomic against concurrent ones. */
const statusAllows = (action: CampaignAction) => inArray(campaigns.status, [...allowedStatuses(action)]);

export async function campaignNameTaken(db: Db, businessId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.businessId, businessId),
        eq(campaigns.automation, false),
        sql`lower(${campaigns.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(campaigns.id, exceptId),
      ),
    );
  return row !== undefined;
}

/** Runs a write that may hit the unique campaign name, answering 409 when it does. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(campaignMessages.duplicateName);
    throw error;
  }
}

const contentOf = (campaign: NewCampaign | LaunchCampaign | UpdateCampaign) => ({
  name: campaign.name,
  type: campaign.type,
  contactFilterId: campaign.contactFilterId,
  interval: campaign.interval,
  intervalSize: campaign.intervalSize,
  sendAllAtOnce: campaign.sendAllAtOnce,
  subject: campaign.subject,
  messageBody: campaign.messageBody,
  followUpAfterDays: campaign.followUp?.afterDays ?? null,
  followUpSubject: campaign.followUp?.subject ?? null,
  followUpBody: campaign.followUp?.messageBody ?? null,
});

/** A draft (no start time), or scheduled. */
export async function insertCampaign(db: Db, dayMs: number, campaign: NewCampaign): Promise<Campaign> {
  const [created] = await withUniqueName(() =>
    answerCampaigns(
      db,
      dayMs,
      db.$with('created').as(
        db
          .insert(campaigns)
          .values({
            ...contentOf(campaign),
            businessId: campaign.businessId,
            status: 'CREATED',
            startTime: campaign.startTime ? new Date(campaign.startTime) : null,
          })
          .returning(campaignFields),
      ),
    ),
  );
  return created!;
}

/** Created and started in one statement: it starts now. */
export async function insertLaunchedCampaign(db: Db, dayMs: number, campaign: LaunchCampaign): Promise<Campaign> {
  const [launched] = await withUniqueName(() =>
    answerCampaigns(
      db,
      dayMs,
      db.$with('launched').as(
        db
          .insert(campaigns)
          .values({ ...contentOf(campaign), businessId: campaign.businessId, status: 'IN_PROGRESS', startTime: sql`now()` })
          .returning(campaignFields),
      ),
    ),
  );
  return launched!;
}

/** Edits a campaign only while it is CREATED (checked in the same statement). */
export async function updateCampaign(db: Db, dayMs: number, id: number, campaign: UpdateCampaign): Promise<Campaign> {
  const [updated] = await withUniqueName(() =>
    answerCampaigns(
      db,
      dayMs,
      db.$with('updated').as(
        db
          .update(campaigns)
          .set({
            ...contentOf(campaign),
            startTime: campaign.startTime ? new Date(campaign.startTime) : null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(campaigns.id, id), statusAllows('edit')))
          .returning(campaignFields),
      ),
    ),
  );
  if (!updated) throw await refusal(db, id, 'edit');
  return updated;
}

const changesOf = {
  // A scheduled campaign started by hand starts now; a paused one keeps its original start.
  start: () => ({
    status: 'IN_PROGRESS' as const,
    startTime: sql`case when ${campaigns.status} = 'CREATED' then now() else ${campaigns.startTime} end`,
    // Resumed by the owner: the reason it paused itself (bounces, complaints) is dealt with.
    failureReason: null,
  }),
  pause: () => ({ status: 'PAUSED' as const }),
  cancel: () => ({ status: 'CANCELED' as const }),
};

/**
 * Moves a campaign to its next status in one `update ... where status in (allowed)`: of two
 * concurrent actions each sees the other's result, so a refused one changes nothing. The answer
 * comes from the same statement, so it is exactly the state this action produced.
 */
export async function changeCampaignStatus(db: Db, dayMs: number, id: number, action: keyof typeof changesOf): Promise<Campaign> {
  // Canceling also cancels every recipient still waiting, in the same transaction. Sending claims
  // read the campaign FOR SHARE, so none is claimed after this.
  if (action === 'cancel') {
    return db.transaction(async (tx) => {
      const canceled = await changeStatus(tx as unknown as Db, dayMs, id, action);
      await tx.update(deliveries).set({ state: 'canceled' }).where(and(eq(deliveries.campaignId, id), eq(deliveries.state, 'queued')));
      return canceled;
    });
  }
  return changeStatus(db, dayMs, id, action);
}

async function changeStatus(db: Db, dayMs: number, id: number, action: keyof typeof changesOf): Promise<Campaign> {
  const [changed] = await answerCampaigns(
    db,
    dayMs,
    db.$with('changed').as(
      db
        .update(campaigns)
        .set({ ...changesOf[action](), updatedAt: sql`now()` })
        .where(and(eq(campaigns.id, id), statusAllows(action)))
        .returning(campaignFields),
    ),
  );
  if (!changed) throw await refusal(db, id, action);
  return changed;
}

export async function deleteCampaign(db: Db, id: number): Promise<{ id: number }> {
  const [row] = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), statusAllows('delete')))
    .returning({ id: campaigns.id });
  if (!row) throw await refusal(db, id, 'delete');
  return row;
}

/** Concurrent duplicates of one campaign race for the same copy name; the loser picks the next. */
const COPY_ATTEMPTS = 5;

/** A CREATED copy without a start time, named 'Copy of X' (then 'Copy of X (2)', ...). */
export async function duplicateCampaign(db: Db, dayMs: number, id: number, businessId: number): Promise<Campaign> {
  for (let attempt = 1; ; attempt += 1) {
    const [source] = await db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, id));
    if (!source) throw notFound(campaignMessages.notFound);
    const taken = await db
      .select({ name: campaigns.name })
      .from(campaigns)
      .where(and(eq(campaigns.businessId, businessId), sql`lower(${campaigns.name}) like 'copy of %'`));
    const name = campaignCopyName(source.name, taken.map((row) => row.name));
    try {
      const [copy] = await answerCampaigns(
        db,
        dayMs,
        db.$with('copied', campaignFields).as(
          sql`insert into campaigns (business_id, contact_filter_id, name, type, "interval", interval_size, send_all_at_once, subject, message_body,
                                     follow_up_after_days, follow_up_subject, follow_up_body)
              select business_id, contact_filter_id, ${name}, type, "interval", interval_size, send_all_at_once, subject, message_body,
                     follow_up_after_days, follow_up_subject, follow_up_body
              from campaigns where id = ${id} and ${statusAllows('duplicate')}
              returning *`,
        ),
      );
      if (!copy) throw await refusal(db, id, 'duplicate');
      return copy;
    } catch (error) {
      if (isUniqueViolation(error) && attempt < COPY_ATTEMPTS) continue;
      if (isUniqueViolation(error)) throw conflict(campaignMessages.duplicateName);
      throw error;
    }
  }
}
