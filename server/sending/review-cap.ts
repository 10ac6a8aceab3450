import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * The per-contact review-request cap (businesses.review_request_cap_days, 0: off), as a correlated
 * subquery: the whole days since the contact's last review request that left within the cap, or
 * null. `except` leaves the caller's own rows out ("and asked.campaign_id <> 7").
 */
export const askedDaysAgo = (contactId: SQLWrapper, capDays: SQLWrapper, dayMs: number, except: SQLWrapper = sql``) =>
  sql`(select floor(extract(epoch from now() - max(asked.sent_at)) * 1000 / ${dayMs})::int
       from deliveries asked
       where asked.contact_id = ${contactId} and asked.review_token is not null ${except}
         and asked.state in ('sent', 'delivered', 'outbox')
         and asked.sent_at > now() - make_interval(secs => ${capDays} * ${dayMs / 1000}::float8))`;

/** How a recipient or a visit left out by the cap is listed. */
export const askedAgo = (days: number) => `skipped: asked ${days} ${days === 1 ? 'day' : 'days'} ago`;
