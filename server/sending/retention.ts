import { sql } from 'drizzle-orm';
import type { DeliveryConfig } from '../config';
import { queryRows, type Db } from '../db/client';

/** Rows per statement: each is a short transaction, so sending never waits long behind it. */
const FORGET_BATCH = 5000;
/** States a message no longer leaves: its text is history only. */
const FINISHED_STATES = sql.raw(`('sent', 'delivered', 'failed', 'canceled', 'skipped', 'outbox')`);

/**
 * Forgets the rendered subject and text of finished messages older than the retention, as the
 * erasure of a contact does: the rows stay (campaign counts, the funnel, the review-request cap and
 * each contact's history read them), the bulk of their bytes and the personal text go. Returns how
 * many messages it emptied.
 */
export async function forgetOldMessageTexts(db: Db, settings: Pick<DeliveryConfig, 'textRetentionDays' | 'dayMs'>): Promise<number> {
  const retentionSeconds = (settings.textRetentionDays * settings.dayMs) / 1000;
  let forgotten = 0;
  for (;;) {
    const [batch] = await queryRows<{ count: number }>(
      db,
      sql`with old as (
            select id from deliveries
            where state in ${FINISHED_STATES}
              and coalesce(sent_at, created_at) < now() - make_interval(secs => ${retentionSeconds})
              and (body <> '' or subject is not null)
            limit ${FORGET_BATCH}
            for update skip locked
          ), emptied as (
            update deliveries d set body = '', subject = null from old where d.id = old.id returning 1
          )
          select count(*)::int as count from emptied`,
    );
    forgotten += batch!.count;
    if (batch!.count < FORGET_BATCH) return forgotten;
  }
}
