import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { HttpError } from '../lib/errors';

export const importSlotMessages = {
  tooMany: (seconds: number) =>
    `You have started many imports in the last hour. Please wait ${formatWait(seconds)} and try again.`,
  busy: 'Another import into this business is still running. Wait until it has finished, then import this file.',
} as const;

function formatWait(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const RATE_WINDOW_SECONDS = 3600;
/** A running import renews its hold this often; a dead process's hold runs out after LEASE_MS. */
const LEASE_MS = 60_000;
const RENEW_MS = LEASE_MS / 3;
// Any constant; the second key of the lock is the user.
const IMPORT_LOCK_KEY = 727_002;

export type ImportSlot = { release(): Promise<void> };

/**
 * Takes the business's import slot for this user, or refuses: 429 (with the wait) after
 * `ratePerHour` imports in the last hour, 409 while another import into the business runs. The
 * state is in the database, so it holds across web processes and restarts.
 */
export async function takeImportSlot(db: Db, userId: number, businessId: number, ratePerHour: number): Promise<ImportSlot> {
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // One user's concurrent requests count one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY}, ${userId})`);
    const [recent] = await queryRows<{ count: number; waitSeconds: number | null }>(
      tx,
      sql`select count(*)::int as count,
                 ceil(extract(epoch from min(started_at) + ${RATE_WINDOW_SECONDS} * interval '1 second' - now()))::int as "waitSeconds"
          from contact_imports
          where user_id = ${userId} and started_at > now() - ${RATE_WINDOW_SECONDS} * interval '1 second'`,
    );
    if (recent!.count >= ratePerHour) throw new HttpError(429, importSlotMessages.tooMany(Math.max(1, recent!.waitSeconds ?? 1)));

    await tx.execute(
      sql`update contact_imports set finished_at = now()
          where business_id = ${businessId} and finished_at is null and lease_until < now()`,
    );
    await tx.execute(sql`delete from contact_imports where user_id = ${userId} and started_at < now() - interval '1 day'`);
    const [taken] = await queryRows<{ id: number }>(
      tx,
      sql`insert into contact_imports (business_id, user_id, lease_until)
          values (${businessId}, ${userId}, now() + ${LEASE_MS} * interval '1 millisecond')
          on conflict (business_id) where finished_at is null do nothing
          returning id`,
    );
    if (!taken) throw new HttpError(409, importSlotMessages.busy);
    return taken.id;
  });

  const renewal = setInterval(() => {
    db.execute(
      sql`update contact_imports set lease_until = now() + ${LEASE_MS} * interval '1 millisecond'
          where id = ${id} and finished_at is null`,
    ).catch(() => {});
  }, RENEW_MS);
  renewal.unref();
  return {
    async release() {
      clearInterval(renewal);
      await db.execute(sql`update contact_imports set finished_at = now() where id = ${id}`);
    },
  };
}
