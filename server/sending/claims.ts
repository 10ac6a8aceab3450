import { sql, type SQL } from 'drizzle-orm';
import { SUPPRESSION_REASON_LABELS, suppressedMessage, type CampaignStatus, type SuppressionReason } from '#domain';
import type { DeliveryConfig } from '../config';
import { queryRows, type Db } from '../db/client';
import type { OutgoingMessage, SendOutcome } from './channel-types';
import { currentWindow, retryDelayMs, type PacingWindow } from './pacing';
import type { RunningCampaign } from './recipients';
import { askedAgo, askedDaysAgo } from './review-cap';
import { senderColumns, toEmailSender, type SenderRow } from './sender';
import { deliveryListedAddress, suppressDeliveries } from '../suppressions/addresses';

type Claim = {
  status: CampaignStatus | 'GONE';
  messages: OutgoingMessage[];
  /** Claimed rows whose contact had unsubscribed (or was deleted) since the start: marked skipped. */
  skipped: number;
  /** Paced campaigns: the batch window after this claim. */
  window: PacingWindow | null;
};

const CONTACT_GONE = 'Not sent: the contact unsubscribed or was deleted.';

/** suppressedMessage(reason) in SQL, for a reason column. */
const suppressedMessageSql = (reason: SQL) => sql`'skipped: suppressed (' || (${JSON.stringify(SUPPRESSION_REASON_LABELS)}::jsonb ->> ${reason}) || ')'`;

/**
 * Claims up to `limit` due recipients of a running campaign for this worker, in one transaction:
 * rows are taken with FOR UPDATE SKIP LOCKED, so concurrent workers never claim one recipient
 * twice. The statement that marks a message as sending reads its contact's status and the
 * business's suppression list again, so a STOP, unsubscribe, bounce or complaint recorded before
 * the claim stops the message, whenever the campaign started (a message is handed to its channel
 * right after its claim). The campaign row is read FOR SHARE: a pause or cancel waits for a claim
 * in progress and every claim after it sees the new status. A paced campaign's window row is
 * locked FOR UPDATE: its batch allowance is counted down here, by one claimer at a time.
 */
export async function claimDeliveries(db: Db, campaign: RunningCampaign, limit: number, { minuteMs, dayMs }: Pick<DeliveryConfig, 'minuteMs' | 'dayMs'>): Promise<Claim> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const lock = campaign.paced ? sql`for update of r for share of c` : sql`for share of c`;
    const [row] = await queryRows<{ status: CampaignStatus; windowEndsAt: Date | null; windowAllowance: number; now: Date } & SenderRow>(
      tx,
      sql`select c.status, r.window_ends_at as "windowEndsAt", r.window_allowance as "windowAllowance", clock_timestamp() as now, ${senderColumns}
          from campaigns c join campaign_runs r on r.campaign_id = c.id
          join businesses b on b.id = c.business_id join users u on u.id = b.owner_id
          where c.id = ${campaign.id} ${lock}`,
    );
    if (!row) return { status: 'GONE', messages: [], skipped: 0, window: null };
    if (row.status !== 'IN_PROGRESS') return { status: row.status, messages: [], skipped: 0, window: null };

    let take = limit;
    let window: ReturnType<typeof currentWindow> | null = null;
    if (campaign.paced) {
      window = currentWindow(
        { endsAt: row.windowEndsAt && new Date(row.windowEndsAt), allowance: row.windowAllowance },
        { intervalMinutes: campaign.interval, intervalSize: campaign.intervalSize, minuteMs },
        new Date(row.now),
      );
      take = Math.min(limit, window.allowance);
      if (take === 0) return { status: row.status, messages: [], skipped: 0, window };
    }
    const vetted = campaign.automation ? await vetAutomationRequests(tx, campaign.id, take, dayMs) : null;
    if (vetted && vetted.ids.length === 0) return { status: row.status, messages: [], skipped: vetted.skipped, window };

    const claimed = await queryRows<{
      id: number;
      state: string;
      attempts: number;
      address: string;
      subject: string | null;
      body: string;
      unsubscribeToken: string;
      reviewToken: string | null;
    }>(
      tx,
      sql`with picked as (
            select d.id, d.contact_id from deliveries d
            where d.campaign_id = ${campaign.id} and d.state = 'queued' and d.next_attempt_at <= now()
              ${vetted ? sql`and d.id = any(${`{${vetted.ids.join(',')}}`}::int[])` : sql``}
            order by d.next_attempt_at, d.id
            limit ${take}
            for update skip locked
          ), checked as (
            select p.id,
                   case when ct.status is distinct from 'ACTIVE' then ${CONTACT_GONE}
                        else (select ${suppressedMessageSql(sql`s.reason`)} from suppressions s
                              where s.business_id = c.business_id and s.channel = c.type and s.address = ${deliveryListedAddress})
                   end as refusal
            from picked p join deliveries d on d.id = p.id join campaigns c on c.id = ${campaign.id}
              left join contacts ct on ct.id = p.contact_id
          )
          update deliveries d set
            state = case when k.refusal is null then 'sending' else 'skipped' end,
            attempts = d.attempts + case when k.refusal is null then 1 else 0 end,
            claimed_at = case when k.refusal is null then now() else d.claimed_at end,
            error = coalesce(k.refusal, d.error)
          from checked k
          where d.id = k.id
          returning d.id, d.state, d.attempts, d.address, d.subject, d.body, d.unsubscribe_token as "unsubscribeToken",
            coalesce(d.review_token, (select f.review_token from deliveries f
                                      where f.campaign_id = d.campaign_id and not f.follow_up and f.contact_id = d.contact_id)) as "reviewToken"`,
    );
    const sender = toEmailSender(row);
    const messages = claimed
      .filter((message) => message.state === 'sending')
      .sort((a, b) => a.id - b.id)
      .map(({ state: _state, ...message }) => ({ ...message, sender }));
    if (window && messages.length > 0) {
      window = { ...window, allowance: window.allowance - messages.length };
      await tx.execute(
        sql`update campaign_runs set window_ends_at = ${window.endsAt!.toISOString()}, window_allowance = ${window.allowance}
            where campaign_id = ${campaign.id}`,
      );
    }
    return { status: row.status, messages, skipped: claimed.length - messages.length + (vetted?.skipped ?? 0), window };
  });
}

/**
 * An automation's requests were decided at the visit, maybe days before they fall due: the due
 * ones are vetted again as they are claimed (rows locked as the claim locks them). An address
 * suppressed since, or a first message whose contact got another review request within the cap
 * since (a campaign), is skipped with the reason. Answers the ids the claim may take.
 */
async function vetAutomationRequests(tx: Db, campaignId: number, limit: number, dayMs: number) {
  const due = await queryRows<{ id: number; suppressed: SuppressionReason | null; askedDaysAgo: number | null }>(
    tx,
    sql`select d.id,
               (select s.reason from suppressions s
                where s.business_id = c.business_id and s.channel = c.type and s.address = ${deliveryListedAddress}) as suppressed,
               case when not d.follow_up
                    then ${askedDaysAgo(sql`d.contact_id`, sql`b.review_request_cap_days`, dayMs, sql`and asked.id <> d.id`)} end as "askedDaysAgo"
        from deliveries d join campaigns c on c.id = d.campaign_id join businesses b on b.id = c.business_id
        where d.campaign_id = ${campaignId} and d.state = 'queued' and d.next_attempt_at <= now()
        order by d.next_attempt_at, d.id
        limit ${limit}
        for update of d skip locked`,
  );
  const skips = due.flatMap(({ id, suppressed, askedDaysAgo: days }) =>
    suppressed ? [{ id, error: suppressedMessage(suppressed) }] : days !== null ? [{ id, error: askedAgo(days) }] : [],
  );
  if (skips.length > 0) {
    await tx.execute(
      sql`update deliveries d set state = 'skipped', error = r.error
          from json_to_recordset(${JSON.stringify(skips)}::json) as r(id int, error text) where d.id = r.id`,
    );
  }
  const skippedIds = new Set(skips.map((skip) => skip.id));
  return { ids: due.map((row) => row.id).filter((id) => !skippedIds.has(id)), skipped: skips.length };
}

type RetryPolicy = { maxAttempts: number; retryBaseMs: number };

/**
 * Records what the channel made of claimed messages, in one statement. Only the claim that sent a
 * message records it (same attempt, still 'sending'): a status callback that came first, or a
 * claim taken over after the lease, is not overwritten.
 */
export async function recordOutcomes(db: Db, outcomes: readonly SendOutcome[], policy: RetryPolicy) {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((outcome) => {
    const base = { id: outcome.id, attempts: outcome.attempts, provider_id: null as string | null, error: null as string | null, next_attempt_at: null as string | null };
    switch (outcome.result) {
      case 'sent':
        return { ...base, state: 'sent', provider_id: outcome.providerId };
      case 'outbox':
        return { ...base, state: 'outbox' };
      case 'failed':
        return { ...base, state: 'failed', error: outcome.error };
      case 'retry':
        if (outcome.attempts >= policy.maxAttempts) {
          return { ...base, state: 'failed', error: `${outcome.error} (gave up after ${outcome.attempts} attempts)` };
        }
        return {
          ...base,
          state: 'queued',
          error: outcome.error,
          next_attempt_at: new Date(Date.now() + retryDelayMs(outcome.attempts, policy.retryBaseMs)).toISOString(),
        };
    }
  });
  await db.execute(
    sql`update deliveries d set
          state = r.state,
          provider_id = coalesce(r.provider_id, d.provider_id),
          error = r.error,
          sent_at = case when r.state in ('sent', 'outbox') then now() else d.sent_at end,
          next_attempt_at = coalesce(r.next_attempt_at, d.next_attempt_at)
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(id int, attempts int, state text, provider_id text, error text, next_attempt_at timestamptz)
        where d.id = r.id and d.state = 'sending' and d.attempts = r.attempts`,
  );
  await suppressDeliveries(
    db,
    outcomes.flatMap((outcome) => (outcome.result === 'failed' && outcome.suppress ? [{ deliveryId: outcome.id, ...outcome.suppress }] : [])),
  );
}

/**
 * Claims older than the lease belong to a worker that died (or hung) mid-send: they are queued
 * again, so those few messages may go out twice; after the last attempt they fail.
 */
export async function releaseStaleClaims(db: Db, campaignId: number, leaseMs: number, maxAttempts: number) {
  const released = await queryRows<{ id: number }>(
    db,
    sql`update deliveries set
          state = case when attempts >= ${maxAttempts} then 'failed' else 'queued' end,
          next_attempt_at = now(),
          error = case when attempts >= ${maxAttempts}
                       then 'The worker sending this message stopped on every attempt.'
                       else 'The worker sending this message stopped; it is sent again.' end
        where campaign_id = ${campaignId} and state = 'sending'
          and claimed_at < now() - ${leaseMs}::int * interval '1 millisecond'
        returning id`,
  );
  return released.length;
}

/** A live worker still sending a batch keeps its claims: they expire only when it stops renewing them. */
export async function renewClaims(db: Db, messages: readonly OutgoingMessage[]) {
  if (messages.length === 0) return;
  const claims = JSON.stringify(messages.map(({ id, attempts }) => ({ id, attempts })));
  await db.execute(
    sql`update deliveries d set claimed_at = now()
        from json_to_recordset(${claims}::json) as c(id int, attempts int)
        where d.id = c.id and d.state = 'sending' and d.attempts = c.attempts`,
  );
}

export type Pending = { queued: number; nextAttemptAt: Date | null; sending: number; oldestClaim: Date | null; now: Date };

/** What is left to send: queued rows (maybe waiting for a retry) and rows being sent. */
export async function pendingDeliveries(db: Db, campaignId: number): Promise<Pending> {
  const [row] = await queryRows<Pending>(
    db,
    sql`select count(*) filter (where state = 'queued')::int as queued,
               min(next_attempt_at) filter (where state = 'queued') as "nextAttemptAt",
               count(*) filter (where state = 'sending')::int as sending,
               min(claimed_at) filter (where state = 'sending') as "oldestClaim",
               clock_timestamp() as now
        from deliveries where campaign_id = ${campaignId} and state in ('queued', 'sending')`,
  );
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return { ...row!, nextAttemptAt: date(row!.nextAttemptAt), oldestClaim: date(row!.oldestClaim), now: new Date(row!.now) };
}

/** Every still queued recipient (with `dueOnly`, every due one) fails with the reason (the channel cannot send at all). */
export async function failQueued(db: Db, campaignId: number, reason: string, { dueOnly = false } = {}) {
  await db.execute(
    sql`update deliveries set state = 'failed', error = ${reason}
        where campaign_id = ${campaignId} and state = 'queued' ${dueOnly ? sql`and next_attempt_at <= now()` : sql``}`,
  );
}

/**
 * Ends a running campaign once no recipient is queued, waiting for a retry or being sent:
 * COMPLETED when anything went out (or into the outbox), else FAILED with the reason. An
 * automation's campaign never ends: it waits for the next visit.
 */
export async function finishCampaign(db: Db, campaignId: number): Promise<CampaignStatus | null> {
  const [stats] = await queryRows<{ succeeded: number; failed: number; capped: number; topError: string | null }>(
    db,
    sql`select count(*) filter (where state in ('sent', 'delivered', 'outbox'))::int as succeeded,
               count(*) filter (where state = 'failed')::int as failed,
               count(*) filter (where state = 'skipped' and error like 'skipped: asked %')::int as capped,
               mode() within group (order by error) filter (where state = 'failed') as "topError"
        from deliveries where campaign_id = ${campaignId}`,
  );
  const { succeeded, failed, capped, topError } = stats!;
  // Recipients left out by the review-request cap were skipped on purpose: that is not a failure.
  const completed = succeeded > 0 || (failed === 0 && capped > 0);
  const reason =
    completed
      ? null
      : failed > 0
        ? failed === 1
          ? `The message failed: ${topError}`
          : `All ${failed} messages failed. Most common reason: ${topError}`
        : 'Nothing was sent: every recipient was skipped (suppressed, unsubscribed or deleted before their message went out).';
  const [row] = await queryRows<{ status: CampaignStatus }>(
    db,
    sql`update campaigns set status = ${completed ? 'COMPLETED' : 'FAILED'}, failure_reason = ${reason}, updated_at = now()
        where id = ${campaignId} and status = 'IN_PROGRESS' and not automation
          and not exists (select 1 from deliveries where campaign_id = ${campaignId} and state in ('queued', 'sending'))
        returning status`,
  );
  return row?.status ?? null;
}

/** A scheduled campaign whose start time has come starts (once, whoever gets there first). */
export async function startDueCampaign(db: Db, campaignId: number): Promise<{ paced: boolean } | null> {
  const [row] = await queryRows<{ paced: boolean }>(
    db,
    sql`update campaigns set status = 'IN_PROGRESS', updated_at = now()
        where id = ${campaignId} and status = 'CREATED' and start_time is not null and start_time <= now()
        returning not send_all_at_once as paced`,
  );
  return row ?? null;
}

/**
 * What the sweep looks at: scheduled campaigns that are due, and every running one; of the
 * automations' campaigns (always running) only those with a request due or being sent, so a lost
 * job or a dead worker's claims delay a request by one sweep at most. A paced campaign has one
 * lane: while it holds a claim younger than the lease (it renews them as it sends, and goes on
 * after its batch) the sweep starts no second one, which would claim the next batch while the
 * first is still in flight, ahead of a pause or a STOP that comes meanwhile.
 */
export async function campaignsToSweep(db: Db, leaseMs: number) {
  return queryRows<{ id: number; status: CampaignStatus; paced: boolean; automation: boolean }>(
    db,
    sql`select c.id, c.status, not c.send_all_at_once as paced, c.automation from campaigns c
        where (c.status = 'IN_PROGRESS'
               and (c.send_all_at_once
                    or not exists (select 1 from deliveries d where d.campaign_id = c.id and d.state = 'sending'
                                     and d.claimed_at >= now() - ${leaseMs}::int * interval '1 millisecond'))
               and (not c.automation
                    or exists (select 1 from deliveries d where d.campaign_id = c.id and d.state = 'queued' and d.next_attempt_at <= now())
                    or exists (select 1 from deliveries d where d.campaign_id = c.id and d.state = 'sending')))
           or (c.status = 'CREATED' and c.start_time <= now())
        order by c.id`,
  );
}

/**
 * Counts a lane run of a running campaign that ended in an error of its own (not one recipient's):
 * the number of such runs in a row, or null when the campaign is not running any more.
 */
export async function countLaneFailure(db: Db, campaignId: number): Promise<number | null> {
  const [row] = await queryRows<{ failures: number }>(
    db,
    sql`update campaigns set lane_failures = lane_failures + 1
        where id = ${campaignId} and status = 'IN_PROGRESS'
        returning lane_failures as failures`,
  );
  return row?.failures ?? null;
}

/** A lane sent something: the campaign's run of failures is over. */
export async function clearLaneFailures(db: Db, campaignId: number) {
  await db.execute(sql`update campaigns set lane_failures = 0 where id = ${campaignId} and lane_failures > 0`);
}

/**
 * Ends a running campaign as FAILED with the reason; its still queued recipients fail with it.
 * True for the one caller that made the change.
 */
export async function failCampaign(db: Db, campaignId: number, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`update campaigns set status = 'FAILED', failure_reason = ${reason}, updated_at = now()
          where id = ${campaignId} and status = 'IN_PROGRESS'
          returning id`,
    );
    if (row) await failQueued(tx as unknown as Db, campaignId, reason);
    return row !== undefined;
  });
}

/** The campaign's text messages wait for the SMS window, which opens at `opening`. */
export async function waitingForWindow(db: Db, campaignId: number, opening: Date) {
  await db.execute(sql`update campaign_runs set sms_window_opens_at = ${opening.toISOString()} where campaign_id = ${campaignId}`);
}

/** The SMS window is open: the campaign no longer says it is waiting. */
export async function windowOpened(db: Db, campaignId: number) {
  await db.execute(
    sql`update campaign_runs set sms_window_opens_at = null where campaign_id = ${campaignId} and sms_window_opens_at is not null`,
  );
}
