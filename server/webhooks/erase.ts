import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** What a payload becomes once it is no longer needed: the delivery log shows the event, never its data. */
export const EMPTIED_PAYLOAD = sql`'{}'::jsonb`;

/**
 * Erasure's part here: events about the contacts that are still waiting to be sent are not sent
 * (their payloads carry the contact). Sent and failed ones kept no payload (see the sender).
 */
export async function eraseContactWebhookEvents(tx: Db, contactIds: string): Promise<void> {
  await tx.execute(sql`
    update webhook_deliveries set state = 'failed', payload = ${EMPTIED_PAYLOAD}, last_error = 'Not sent: the contact was deleted.'
    where state = 'pending' and (payload #>> '{data,contact,id}')::int = any(${contactIds}::int[])`);
}
