import { sql, type SQL } from 'drizzle-orm';
import type { RatingSummary, ReviewFunnel, ReviewSite, SiteClicks } from '#domain';
import { queryRows, type Db } from '../db/client';

/** Human (not automated) events of one kind or more, as a condition on review_events `e`. */
const human = sql`not e.automated`;

/**
 * Recipients' ratings, each once with their last choice (a star on the page or in the email, or
 * the rating sent with feedback), from the review_events rows `events` (filtered by the caller).
 */
export const ratingSummary = (events: SQL) => sql`select count(*)::int as count, round(avg(rating), 1)::float8 as "averageRating"
  from (select distinct on (e.delivery_id) e.rating from (${events}) e
        where e.kind in ('rating', 'feedback') and e.rating is not null
        order by e.delivery_id, e.id desc) latest`;

/**
 * Clicks per site: every site the business lists now (0 when never clicked), then sites clicked
 * before they were renamed or removed.
 */
export function withCurrentSites(clicked: SiteClicks[], sites: ReviewSite[]): SiteClicks[] {
  const clicks = new Map(clicked.map((row) => [row.name, row.clicks]));
  const current = sites.map((site) => ({ name: site.name, clicks: clicks.get(site.name) ?? 0 }));
  const names = new Set(sites.map((site) => site.name));
  return [...current, ...clicked.filter((row) => !names.has(row.name))];
}

/**
 * How far the review requests of a campaign (or of an automation's campaigns) got, each recipient
 * counted once per step (and per site); those the cap left out; the reminders; and the ratings.
 */
export async function campaignFunnel(db: Db, campaignIds: readonly number[], sites: ReviewSite[]) {
  const ids = sql`any(${`{${campaignIds.join(',')}}`}::int[])`;
  const [[funnel], clicked, [capped], [reminders], [ratings]] = await Promise.all([
    queryRows<ReviewFunnel>(
      db,
      sql`select
            (select count(*) from deliveries d where d.campaign_id = ${ids} and not d.follow_up and d.state in ('sent', 'delivered'))::int as sent,
            -- Email has no delivery report: a message the mail server accepted counts as delivered.
            (select count(*) from deliveries d join campaigns c on c.id = d.campaign_id
             where d.campaign_id = ${ids} and not d.follow_up
               and (d.state = 'delivered' or (d.state = 'sent' and c.type = 'EMAIL')))::int as delivered,
            (select count(distinct e.delivery_id) from review_events e where e.campaign_id = ${ids} and ${human} and e.kind in ('visit', 'click'))::int as visited,
            (select count(distinct e.delivery_id) from review_events e where e.campaign_id = ${ids} and ${human} and e.kind = 'click')::int as clicked,
            (select count(distinct e.delivery_id) from review_events e where e.campaign_id = ${ids} and e.kind = 'feedback')::int as feedback,
            (select count(*) from review_events e where e.campaign_id = ${ids} and e.automated)::int as automated`,
    ),
    queryRows<SiteClicks>(
      db,
      sql`select e.site_name as name, count(distinct e.delivery_id)::int as clicks from review_events e
          where e.campaign_id = ${ids} and e.kind = 'click' and ${human}
          group by e.site_name order by clicks desc, name`,
    ),
    queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from deliveries
          where campaign_id = ${ids} and not follow_up and state = 'skipped' and error like 'skipped: asked %'`,
    ),
    queryRows<{ recipients: number; sent: number }>(
      db,
      sql`select count(*)::int as recipients, (count(*) filter (where state in ('sent', 'delivered', 'outbox')))::int as sent
          from deliveries where campaign_id = ${ids} and follow_up`,
    ),
    queryRows<RatingSummary>(db, ratingSummary(sql`select * from review_events where campaign_id = ${ids}`)),
  ]);
  return { funnel: funnel!, sites: withCurrentSites(clicked, sites), capped: capped!.count, reminders: reminders!, ratings: ratings! };
}

/** A recipient's furthest step, rating (their last choice) and whether they sent feedback, as columns of a query over deliveries `d`. */
export const recipientStepColumns = sql`
  case when exists (select 1 from review_events e where e.delivery_id = d.id and e.kind = 'click' and ${human}) then 'clicked'
       when exists (select 1 from review_events e where e.delivery_id = d.id and e.kind = 'visit' and ${human}) then 'visited'
       when d.state in ('sent', 'delivered') then 'sent' end as step,
  (select e.rating from review_events e where e.delivery_id = d.id and e.kind in ('rating', 'feedback') and e.rating is not null
   order by e.id desc limit 1) as rating,
  exists (select 1 from review_events e where e.delivery_id = d.id and e.kind = 'feedback') as feedback`;
