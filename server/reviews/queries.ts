import { sql } from 'drizzle-orm';
import type { ReviewSite } from '#domain';
import { queryRows, type Db } from '../db/client';
import { JUST_SENT_MS } from './automated';

/** What a review page shows and records, by its token. */
export type ReviewTarget = {
  deliveryId: number;
  campaignId: number;
  businessId: number;
  businessName: string;
  sites: ReviewSite[];
};

/**
 * The delivery behind a token and whether its message (first or reminder) left less than
 * JUST_SENT_MS ago, or has not left at all: no person opens a link that fast.
 */
const target = (token: string) => sql`
  select d.id as "deliveryId", d.campaign_id as "campaignId", c.business_id as "businessId",
         b.name as "businessName", b.review_sites as sites,
         coalesce(clock_timestamp() - greatest(d.sent_at, (
           select max(r.sent_at) from deliveries r
           where r.campaign_id = d.campaign_id and r.follow_up and r.contact_id = d.contact_id
         )) < make_interval(secs => ${JUST_SENT_MS / 1000}), true) as "justSent"
  from deliveries d
  join campaigns c on c.id = d.campaign_id
  join businesses b on b.id = c.business_id
  where d.review_token = ${token}`;

/**
 * Visits and clicks are counters written on every page view: their statement commits without
 * waiting for the disk (a crash may lose the last fraction of a second of them, never corrupt
 * anything), which keeps the public page fast under load. Feedback is written the ordinary way.
 */
const asyncCommit = sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`;

/** Opens a review page: records the visit (automated when the request or the timing says so). One round trip. */
export async function recordVisit(db: Db, token: string, automatedRequest: boolean): Promise<ReviewTarget | undefined> {
  const [row] = await queryRows<ReviewTarget>(
    db,
    sql`with t as (${target(token)}),
        visit as (
          insert into review_events (delivery_id, campaign_id, business_id, kind, automated)
          select "deliveryId", "campaignId", "businessId", 'visit', ${automatedRequest} or "justSent" from t, ${asyncCommit}
        )
        select "deliveryId", "campaignId", "businessId", "businessName", sites from t`,
  );
  return row;
}

/** A click on site `position` (1-based): recorded with the site's name as it is now; its address, or undefined. */
export async function recordClick(db: Db, token: string, position: number, automatedRequest: boolean): Promise<string | undefined> {
  const [row] = await queryRows<{ url: string }>(
    db,
    sql`with t as (${target(token)}),
        site as (select t.*, t.sites -> ${position - 1}::int as site from t where jsonb_typeof(t.sites -> ${position - 1}::int) = 'object'),
        click as (
          insert into review_events (delivery_id, campaign_id, business_id, kind, automated, site_name)
          select "deliveryId", "campaignId", "businessId", 'click', ${automatedRequest} or "justSent", site ->> 'name' from site, ${asyncCommit}
        )
        select site ->> 'url' as url from site`,
  );
  return row?.url;
}

/** The page's data without recording anything (the feedback form's answer). */
export async function reviewTarget(db: Db, token: string): Promise<ReviewTarget | undefined> {
  const [row] = await queryRows<ReviewTarget>(db, sql`select "deliveryId", "campaignId", "businessId", "businessName", sites from (${target(token)}) t`);
  return row;
}

export async function insertFeedback(db: Db, page: ReviewTarget, rating: number, message: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into review_events (delivery_id, campaign_id, business_id, kind, rating, message)
        values (${page.deliveryId}, ${page.campaignId}, ${page.businessId}, 'feedback', ${rating}, ${message})
        returning id`,
  );
  return row!.id;
}

/** What the owner's alert about one feedback says, and where it goes. */
export type FeedbackAlert = {
  ownerEmail: string;
  ownerName: string;
  businessName: string;
  campaignName: string;
  contactName: string | null;
  rating: number;
  message: string;
};

export async function feedbackAlert(db: Db, feedbackId: number): Promise<FeedbackAlert | undefined> {
  const [row] = await queryRows<FeedbackAlert>(
    db,
    sql`select u.email as "ownerEmail", u.first_name as "ownerName", b.name as "businessName", c.name as "campaignName",
               case when ct.id is null then null else ct.first_name || ' ' || ct.last_name end as "contactName",
               e.rating, e.message
        from review_events e
        join deliveries d on d.id = e.delivery_id
        join campaigns c on c.id = e.campaign_id
        join businesses b on b.id = e.business_id
        join users u on u.id = b.owner_id
        left join contacts ct on ct.id = d.contact_id
        where e.id = ${feedbackId}`,
  );
  return row;
}

export async function setOwnerAlert(db: Db, feedbackId: number, state: 'sent' | 'outbox' | 'failed') {
  await db.execute(sql`update review_events set owner_alert = ${state} where id = ${feedbackId}`);
}
