import { sql, type SQLWrapper } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Campaign, CampaignDetails, DeliveryState, RecipientDelivery } from '../../src/domain';
import { queryRows, type Db } from '../db/client';
import { DELIVERY_STATE_VALUES } from '../db/schema';
import type { ChannelSetup } from './channels';


/** The list's counts of one campaign, as a correlated subquery: the list stays one query. */
export const campaignCounts = (campaignId: SQLWrapper) =>
  sql<Campaign['counts']>`(select json_build_object(
      'recipients', count(*)::int,
      'sent', (count(*) filter (where d.state in ('sent', 'delivered')))::int,
      'failed', (count(*) filter (where d.state = 'failed'))::int)
    from deliveries d where d.campaign_id = ${campaignId})`;

export const RECIPIENTS_PAGE_MAX = 5000;

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
  state: z.optional(z.enum(DELIVERY_STATE_VALUES, { error: `State must be one of ${DELIVERY_STATE_VALUES.join(', ')}` })),
  offset: pageNumber(0, 2_147_483_647),
  limit: pageNumber(500, RECIPIENTS_PAGE_MAX),
});
export type DetailsQuery = z.infer<typeof detailsQuerySchema>;

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

/** Counts per state, sends per minute and one page of recipients of a campaign. */
export async function deliveryDetails(db: Db, campaignId: number, query: DetailsQuery) {
  const [countRows, timeline, items] = await Promise.all([
    queryRows<{ state: DeliveryState; count: number }>(
      db,
      sql`select state, count(*)::int as count from deliveries where campaign_id = ${campaignId} group by state`,
    ),
    // Failed attempts count in the minute of their last try; the others when they went out.
    queryRows<CampaignDetails['timeline'][number]>(
      db,
      sql`select to_char(date_trunc('minute', at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:00"Z"') as minute,
                 (count(*) filter (where state in ('sent', 'delivered')))::int as sent,
                 (count(*) filter (where state = 'outbox'))::int as outbox,
                 (count(*) filter (where state = 'failed'))::int as failed
          from (select state, case when state = 'failed' then claimed_at else sent_at end as at
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
                 case when d.state = 'queued'
                      then to_char(d.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as "nextAttemptAt",
                 d.subject, d.body
          from deliveries d left join contacts ct on ct.id = d.contact_id
          where d.campaign_id = ${campaignId} ${query.state ? sql`and d.state = ${query.state}` : sql``}
          order by d.id
          offset ${query.offset} limit ${query.limit}`,
    ),
  ]);
  const counts = {
    recipients: countRows.reduce((total, row) => total + row.count, 0),
    ...Object.fromEntries(DELIVERY_STATE_VALUES.map((state) => [state, 0])),
  } as CampaignDetails['counts'];
  for (const row of countRows) counts[row.state] = row.count;
  return {
    counts,
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
