import { sql, type SQL } from 'drizzle-orm';
import { FEEDBACK_PER_HOUR, LOW_RATING_MAX, RATINGS_PER_HOUR, type ReviewSite } from '#domain';
import { preparedRows, queryRows, type Db } from '../db/client';
import { senderColumns, toEmailSender, type EmailSender, type SenderRow } from '../sending/sender';
import { queueBusinessEvent, queueEvents, reviewEventData } from '../webhooks/outbox';
import { JUST_SENT_MS } from './automated';

/** What a review page shows and records, by its token. */
export type ReviewTarget = {
  deliveryId: number;
  campaignId: number;
  businessId: number;
  businessName: string;
  sites: ReviewSite[];
  /** The recipient's rating: their last star choice (on the page, in the email or with feedback), or null. */
  rating: number | null;
};

/** A recipient's rating, as a column over deliveries `d`: the last star they chose, wherever. */
const recordedRating = sql`(select e.rating from review_events e
  where e.delivery_id = d.id and e.kind in ('rating', 'feedback') and e.rating is not null
  order by e.id desc limit 1)`;

/**
 * The delivery behind a token and whether its message (first or reminder) left less than
 * JUST_SENT_MS ago, or has not left at all: no person opens a link that fast.
 */
const target = (token: string) => sql`
  select d.id as "deliveryId", d.campaign_id as "campaignId", c.business_id as "businessId",
         b.name as "businessName", b.review_sites as sites, ${recordedRating} as rating,
         coalesce(clock_timestamp() - greatest(d.sent_at, (
           select max(r.sent_at) from deliveries r
           where r.campaign_id = d.campaign_id and r.follow_up and r.contact_id = d.contact_id and r.visit_id is not distinct from d.visit_id
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

/** Fewer than `max` events of `kind` for this link in the last hour (a condition over a target `t`). */
const underHourlyLimit = (kind: 'rating' | 'feedback', max: number) =>
  sql`(select count(*) from review_events e where e.delivery_id = t."deliveryId" and e.kind = ${kind}
       and e.created_at > now() - interval '1 hour') < ${max}`;

/** review.rating for the webhooks, for each row of `ratings` (`"businessId"`, `"deliveryId"`, `rating`). */
const ratingEvent = (ratings: SQL) =>
  queueEvents('review.rating', sql`select r."businessId" as business_id, ${reviewEventData(sql`r."deliveryId"`, sql`jsonb_build_object('rating', r.rating)`)} as data from (${ratings}) r`);

/**
 * Opens a review page: records the visit (automated when the request or the timing says so), and the
 * star of an email's star link (`rating`) unless the opening is automated: a scanner that opens
 * every link of a message records no rating. A rating recorded is queued as review.rating for the
 * business's webhooks in the same statement. One round trip; the page shows the rating as it is now.
 */
export async function recordVisit(db: Db, token: string, automatedRequest: boolean, rating: number | null = null): Promise<ReviewTarget | undefined> {
  const [row] = await preparedRows<ReviewTarget>(
    db,
    'review-page-visit',
    sql`with t as (${target(token)}),
        visit as (
          insert into review_events (delivery_id, campaign_id, business_id, kind, automated)
          select "deliveryId", "campaignId", "businessId", 'visit', ${automatedRequest} or "justSent" from t, ${asyncCommit}
        ),
        rated as (
          insert into review_events (delivery_id, campaign_id, business_id, kind, rating)
          select "deliveryId", "campaignId", "businessId", 'rating', ${rating}::int from t
          where ${rating}::int is not null and not (${automatedRequest} or "justSent") and ${underHourlyLimit('rating', RATINGS_PER_HOUR)}
          returning rating
        ),
        rating_event as (${ratingEvent(sql`select t."businessId", t."deliveryId", rated.rating from t, rated`)})
        select "deliveryId", "campaignId", "businessId", "businessName", sites, coalesce((select rating from rated), t.rating) as rating from t`,
  );
  return row;
}

/**
 * A star chosen on the review page: recorded (the latest choice is the recipient's rating) and queued
 * as review.rating for the webhooks, unless the link chose too often this hour.
 */
export async function recordRating(db: Db, page: ReviewTarget, rating: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with t as (select ${page.deliveryId}::int as "deliveryId"),
        rated as (
          insert into review_events (delivery_id, campaign_id, business_id, kind, rating)
          select ${page.deliveryId}, ${page.campaignId}, ${page.businessId}, 'rating', ${rating} from t
          where ${underHourlyLimit('rating', RATINGS_PER_HOUR)}
          returning id, business_id as "businessId", delivery_id as "deliveryId", rating
        ),
        rating_event as (${ratingEvent(sql`select "businessId", "deliveryId", rating from rated`)})
        select id from rated`,
  );
  return rows.length > 0;
}

/**
 * A click on site `position` (1-based): recorded with the site's name as it is now, and, unless
 * automated, queued as review.clicked for the webhooks; its address, or undefined.
 */
export async function recordClick(db: Db, token: string, position: number, automatedRequest: boolean): Promise<string | undefined> {
  const [row] = await preparedRows<{ url: string }>(
    db,
    'review-site-click',
    sql`with t as (${target(token)}),
        site as (select t.*, t.sites -> ${position - 1}::int as site from t where jsonb_typeof(t.sites -> ${position - 1}::int) = 'object'),
        click as (
          insert into review_events (delivery_id, campaign_id, business_id, kind, automated, site_name)
          select "deliveryId", "campaignId", "businessId", 'click', ${automatedRequest} or "justSent", site ->> 'name' from site, ${asyncCommit}
          returning business_id, delivery_id, automated, site_name
        ),
        click_event as (
          ${queueEvents('review.clicked', sql`select k.business_id, ${reviewEventData(sql`k.delivery_id`, sql`jsonb_build_object('siteName', k.site_name)`)} as data from click k where not k.automated`)}
        )
        select site ->> 'url' as url from site`,
  );
  return row?.url;
}

/** The page's data without recording anything (the feedback form's answer). */
export async function reviewTarget(db: Db, token: string): Promise<ReviewTarget | undefined> {
  const [row] = await preparedRows<ReviewTarget>(db, 'review-page-target', sql`select "deliveryId", "campaignId", "businessId", "businessName", sites, rating from (${target(token)}) t`);
  return row;
}

/** What became of a private message: stored (and whether the owner is to be alerted), or refused by the hourly limit. */
export type FeedbackOutcome = { id: number; alertOwner: boolean } | 'limited';

/**
 * Stores private feedback, at most FEEDBACK_PER_HOUR per link and hour. A low rating alerts the
 * owner once per link and day: later ones are stored and shown on /reputation without another
 * email. The delivery row is locked, so concurrent posts from one link are counted one by one.
 */
export async function insertFeedback(db: Db, page: ReviewTarget, rating: number, message: string): Promise<FeedbackOutcome> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select id from deliveries where id = ${page.deliveryId} for no key update`);
    const [row] = await queryRows<{ id: number; ownerAlert: string | null }>(
      tx,
      sql`with t as (select ${page.deliveryId}::int as "deliveryId"),
          alerted as (
            select exists (select 1 from review_events e
                           where e.delivery_id = ${page.deliveryId} and e.kind = 'feedback'
                             and e.owner_alert in ('pending', 'sent', 'outbox') and e.created_at > now() - interval '1 day') as today
          )
          insert into review_events (delivery_id, campaign_id, business_id, kind, rating, message, owner_alert)
          select ${page.deliveryId}, ${page.campaignId}, ${page.businessId}, 'feedback', ${rating}, ${message},
                 case when ${rating}::int <= ${LOW_RATING_MAX} and not alerted.today then 'pending' end
          from t, alerted
          where ${underHourlyLimit('feedback', FEEDBACK_PER_HOUR)}
          returning id, owner_alert as "ownerAlert"`,
    );
    if (!row) return 'limited';
    await queueBusinessEvent(
      tx,
      page.businessId,
      'feedback.received',
      reviewEventData(sql`${page.deliveryId}::int`, sql`jsonb_build_object('rating', ${rating}::int, 'message', ${message}::text)`),
    );
    return { id: row.id, alertOwner: row.ownerAlert === 'pending' };
  });
}

/** What the owner's alert about one feedback says, who it is from, and where it and its replies go. */
export type FeedbackAlert = {
  ownerEmail: string;
  ownerName: string;
  sender: EmailSender;
  campaignName: string;
  contactName: string | null;
  /** Replies to the alert go to the customer when their address is known. */
  contactEmail: string | null;
  rating: number;
  message: string;
};

export async function feedbackAlert(db: Db, feedbackId: number): Promise<FeedbackAlert | undefined> {
  const [row] = await queryRows<Omit<FeedbackAlert, 'sender'> & SenderRow>(
    db,
    sql`select u.email as "ownerEmail", u.first_name as "ownerName", c.name as "campaignName", ${senderColumns},
               case when ct.id is null then null else ct.first_name || ' ' || ct.last_name end as "contactName",
               nullif(ct.email, '') as "contactEmail", e.rating, e.message
        from review_events e
        join deliveries d on d.id = e.delivery_id
        join campaigns c on c.id = e.campaign_id
        join businesses b on b.id = e.business_id
        join users u on u.id = b.owner_id
        left join contacts ct on ct.id = d.contact_id
        where e.id = ${feedbackId}`,
  );
  if (!row) return undefined;
  const { ownerEmail, ownerName, campaignName, contactName, contactEmail, rating, message } = row;
  return { ownerEmail, ownerName, sender: toEmailSender(row), campaignName, contactName, contactEmail, rating, message };
}

export async function setOwnerAlert(db: Db, feedbackId: number, state: 'sent' | 'outbox' | 'failed') {
  await db.execute(sql`update review_events set owner_alert = ${state} where id = ${feedbackId}`);
}
