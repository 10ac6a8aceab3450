import { sql, type SQLWrapper } from 'drizzle-orm';
import * as z from 'zod/mini';
import { DELIVERY_STATES, type Campaign, type CampaignDetails, type DeliveryState, type RecipientDelivery } from '#domain';
import { queryRows, type Db } from '../db/client';
import { recipientStepColumns } from '../reviews/funnel';
import type { ChannelSetup } from './channels';


/** The list's counts of one campaign, as a correlated subquery: the list stays one query. */
export const campaignCounts = (campaignId: SQLWrapper) =>
  sql<Campaign['counts']>`(select json_build_object(
      'recipients', count(*)::int,
      'sent', (count(*) filter (where d.state in ('sent', 'delivered')))::int,
      'failed', (count(*) filter (where d.state = 'failed'))::int,
      'outbox', (count(*) filter (where d.state = 'outbox'))::int)
    from deliveries d where d.campaign_id = ${campaignId} and not d.follow_up)`;

const RECIPIENTS_PAGE_MAX = 5000;

const pageNumber = (fallback: number, max: number) =>
  z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,9}$/, 'must be a whole number')),
      z.transform((value) => Math.min(Number(value), max)),
    ),
    fallback,
  );

/** GET /campaign/get-campaign-details/{id}?state=&offset=&limit= */
export const detailsQuerySchema = z.object({
  state: z.optional(z.enum(DELIVERY_STATES, { error: `State must be one of ${DELIVERY_STATES.join(', ')}` })),
  offset: pageNumber(0, 2_147_483_647),
  limit: pageNumber(500, RECIPIENTS_PAGE_MAX),
});
type DetailsQuery = z.infer<typeof detailsQuerySchema>;

export type { CampaignDetails, DeliveryState, RecipientDelivery };

const CHANNEL_NOTES: Record<ChannelSetup['name'], string> = {
  smtp: 'Emails are sent through the configured SMTP server.',
  twilio: 'Text messages are sent through Twilio.',
  outbox: 'No channel is configured: messages are stored in the outbox and not delivered.',
  unusable: '',
};

export function channelDetails(setup: ChannelSetup): CampaignDetails['channel'] {
  return {
    name: setup.name,
    delivers: setup.name === 'smtp' || setup.name === 'twilio',
    note: setup.name === 'unusable' ? setup.reason : CHANNEL_NOTES[setup.name],
  };
}

/** Counts per state, sends per minute (reminders as their own series) and one page of recipients of a campaign (its first messages; reminders apart). */
export async function deliveryDetails(db: Db, campaignId: number, query: DetailsQuery) {
  const [countRows, [extra], timeline, items] = await Promise.all([
    queryRows<{ state: DeliveryState; count: number }>(
      db,
      sql`select state, count(*)::int as count from deliveries where campaign_id = ${campaignId} and not follow_up group by state`,
    ),
    queryRows<{ hard: number; soft: number; complaints: number; segments: number }>(
      db,
      sql`select count(*) filter (where bounce = 'hard')::int as hard, count(*) filter (where bounce = 'soft')::int as soft,
                 count(*) filter (where bounce = 'complaint')::int as complaints,
                 coalesce(sum(segments) filter (where state in ('sent', 'delivered')), 0)::int as segments
          from deliveries where campaign_id = ${campaignId} and (bounce is not null or segments is not null)`,
    ),
    // Failed attempts count in the minute of their last try; the others when they went out. Reminders
    // that went out (sent or into the outbox) are a series of their own.
    queryRows<CampaignDetails['timeline'][number]>(
      db,
      sql`select to_char(date_trunc('minute', at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:00"Z"') as minute,
                 (count(*) filter (where not follow_up and state in ('sent', 'delivered')))::int as sent,
                 (count(*) filter (where not follow_up and state = 'outbox'))::int as outbox,
                 (count(*) filter (where not follow_up and state = 'failed'))::int as failed,
                 (count(*) filter (where follow_up and state in ('sent', 'delivered', 'outbox')))::int as reminders
          from (select state, follow_up, case when state = 'failed' then claimed_at else sent_at end as at
                from deliveries where campaign_id = ${campaignId} and state in ('sent', 'delivered', 'outbox', 'failed')) done
          where at is not null
          group by 1 order by 1`,
    ),
    queryRows<RecipientDelivery & { subject: string | null; body: string }>(
      db,
      sql`select d.id, d.contact_id as "contactId",
                 case when ct.id is null then null else ct.first_name || ' ' || ct.last_name end as name,
                 d.address, d.state, d.attempts, d.error,
                 to_char(d.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt",
                 -- A first try has no time of its own (it waits for its turn); a retry waits until then.
                 case when d.state = 'queued' and d.attempts > 0
                      then to_char(d.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as "nextAttemptAt",
                 d.subject, d.body, d.bounce, ${recipientStepColumns}
          from deliveries d left join contacts ct on ct.id = d.contact_id
          where d.campaign_id = ${campaignId} and not d.follow_up ${query.state ? sql`and d.state = ${query.state}` : sql``}
          order by d.id
          offset ${query.offset} limit ${query.limit}`,
    ),
  ]);
  const counts = {
    recipients: countRows.reduce((total, row) => total + row.count, 0),
    ...Object.fromEntries(DELIVERY_STATES.map((state) => [state, 0])),
  } as CampaignDetails['counts'];
  for (const row of countRows) counts[row.state] = row.count;
  const { segments, ...bounces } = extra!;
  return {
    counts,
    bounces,
    segments,
    timeline,
    recipients: {
      total: query.state ? counts[query.state] : counts.recipients,
      offset: query.offset,
      limit: query.limit,
      items: items.map(({ subject, body, ...item }) => ({
        ...item,
        message: item.state === 'outbox' ? { subject, body } : null,
      })),
    },
  };
}
