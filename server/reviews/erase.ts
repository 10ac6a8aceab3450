import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Erasure's part here: erased contacts' private feedback text goes;
 * the events stay (rating, site, time) so a campaign's funnel and the dashboard keep their counts.
 */
export async function eraseContactFeedback(tx: Db, contactIds: string): Promise<void> {
  await tx.execute(sql`
    update review_events set message = null
    where delivery_id in (select id from deliveries where contact_id = any(${contactIds}::int[]))`);
}
