import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  DEFAULT_REPUTATION_PERIOD,
  INBOX_MAX,
  isIsoDate,
  REPUTATION_PERIOD_MAX_DAYS,
  reputationMessages,
  type RatingSummary,
  type ReputationSummary,
  type ReviewSite,
  type SiteClicks,
} from '#domain';
import { queryRows, type Db } from '../db/client';
import { badRequest } from '../lib/errors';
import { ratingSummary, withCurrentSites } from './funnel';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const day = (label: string) => z.optional(z.string().check(z.refine(isIsoDate, reputationMessages.dateInvalid(label))));

/** GET /reputation/get-summary/{businessId}?from=YYYY-MM-DD&to=YYYY-MM-DD: whole UTC days; the last 30 by default. */
export const summaryQuerySchema = z.object({ from: day('From'), to: day('To') });

/** The period asked for, with today and the 30 days up to `to` as defaults; a reversed or too long one is refused. */
export function summaryPeriod(query: { from?: string; to?: string }, now: Date) {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(new Date(Date.parse(to) - (DEFAULT_REPUTATION_PERIOD - 1) * DAY_MS));
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (span < 0 || span >= REPUTATION_PERIOD_MAX_DAYS) {
    throw badRequest(reputationMessages.rangeInvalid, { from: reputationMessages.rangeInvalid });
  }
  return { from, to };
}

/** The review dashboard of one business over whole UTC days `from` to `to`. */
export async function reputationSummary(db: Db, businessId: number, sites: ReviewSite[], from: string, to: string): Promise<ReputationSummary> {
  const start = sql`${from}::date::timestamptz`;
  const end = sql`(${to}::date + 1)::timestamptz`;
  // Review requests sent in the period (first messages that link to a review page).
  const requests = sql`select d.id, d.campaign_id, d.sent_at from deliveries d join campaigns c on c.id = d.campaign_id
    where c.business_id = ${businessId} and not d.follow_up and d.review_token is not null
      and d.state in ('sent', 'delivered') and d.sent_at >= ${start} and d.sent_at < ${end}`;
  const events = sql`select e.* from review_events e
    where e.business_id = ${businessId} and e.created_at >= ${start} and e.created_at < ${end}`;

  // Each recipient counts once per figure (clicks: once per site), however often their link was used.
  const [[totals], clicked, days, rows, inbox, [ratings]] = await Promise.all([
    queryRows<{ requests: number; visits: number; clicks: number; feedbackCount: number; averageRating: number | null }>(
      db,
      sql`with r as (${requests}), e as (${events})
          select (select count(*) from r)::int as requests,
                 (select count(distinct delivery_id) from e where not automated and kind in ('visit', 'click'))::int as visits,
                 (select count(distinct delivery_id) from e where not automated and kind = 'click')::int as clicks,
                 (select count(distinct delivery_id) from e where kind = 'feedback')::int as "feedbackCount",
                 (select round(avg(rating), 1)::float8 from (
                    select distinct on (delivery_id) rating from e where kind = 'feedback' order by delivery_id, id desc) latest) as "averageRating"`,
    ),
    queryRows<SiteClicks>(
      db,
      sql`select site_name as name, count(distinct delivery_id)::int as clicks from (${events}) e
          where kind = 'click' and not automated group by site_name order by clicks desc, name`,
    ),
    queryRows<ReputationSummary['days'][number]>(
      db,
      sql`with r as (${requests}), e as (${events})
          select to_char(g.day, 'YYYY-MM-DD') as day,
                 (select count(*) from r where r.sent_at >= g.day and r.sent_at < g.day + interval '1 day')::int as requests,
                 (select count(distinct delivery_id) from e where not automated and kind in ('visit', 'click')
                    and e.created_at >= g.day and e.created_at < g.day + interval '1 day')::int as visits,
                 (select count(distinct delivery_id) from e where not automated and kind = 'click'
                    and e.created_at >= g.day and e.created_at < g.day + interval '1 day')::int as clicks
          from generate_series(${start}, ${end} - interval '1 day', interval '1 day') as g(day)
          order by g.day`,
    ),
    queryRows<ReputationSummary['campaigns'][number] & { automation: boolean }>(
      db,
      sql`with r as (${requests}), e as (${events})
          select c.id, c.name, c.automation,
                 (select count(*) from r where r.campaign_id = c.id)::int as requests,
                 (select count(distinct delivery_id) from e where e.campaign_id = c.id and not automated and kind in ('visit', 'click'))::int as visits,
                 (select count(distinct delivery_id) from e where e.campaign_id = c.id and not automated and kind = 'click')::int as clicks,
                 (select count(distinct delivery_id) from e where e.campaign_id = c.id and kind = 'feedback')::int as feedback
          from campaigns c
          where c.business_id = ${businessId}
            and (exists (select 1 from r where r.campaign_id = c.id) or exists (select 1 from e where e.campaign_id = c.id))
          order by c.id desc`,
    ),
    queryRows<ReputationSummary['inbox'][number]>(
      db,
      sql`select e.id, e.rating, coalesce(e.message, '') as message,
                 to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                 c.id as "campaignId", c.name as "campaignName",
                 case when ct.id is null then null else ct.first_name || ' ' || ct.last_name end as "contactName"
          from (${events}) e
          join campaigns c on c.id = e.campaign_id
          join deliveries d on d.id = e.delivery_id
          left join contacts ct on ct.id = d.contact_id
          where e.kind = 'feedback'
          order by e.created_at desc, e.id desc
          limit ${INBOX_MAX}`,
    ),
    queryRows<RatingSummary>(db, ratingSummary(events)),
  ]);
  const { feedbackCount, averageRating, ...counts } = totals!;
  return {
    ...byCampaignOrAutomation(rows),
    from,
    to,
    ...counts,
    sites: withCurrentSites(clicked, sites),
    feedback: { count: feedbackCount, averageRating },
    ratings: ratings!,
    days,
    inbox,
  };
}

type Row = ReputationSummary['campaigns'][number] & { automation: boolean };

/** The campaigns' rows, and the review automation's campaigns (one per channel) summed into one row of their own. */
function byCampaignOrAutomation(rows: Row[]): Pick<ReputationSummary, 'campaigns' | 'automation'> {
  const automation = rows.filter((row) => row.automation);
  const sum = (key: 'requests' | 'visits' | 'clicks' | 'feedback') => automation.reduce((total, row) => total + row[key], 0);
  return {
    campaigns: rows.filter((row) => !row.automation).map(({ automation: _automation, ...row }) => row),
    automation: automation.length > 0 ? { requests: sum('requests'), visits: sum('visits'), clicks: sum('clicks'), feedback: sum('feedback') } : null,
  };
}
