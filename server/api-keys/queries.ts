import { sql } from 'drizzle-orm';
import { API_KEYS_MAX, type ApiKey, type NewApiKey, type VisitAnswer } from '#domain';
import { queryRows, type Db } from '../db/client';
import { hashToken, newOpaqueToken } from '../lib/tokens';

/** Every secret starts so: people and secret scanners can tell what a leaked one is. */
const SECRET_PREFIX = 'sb_live_';
/** sb_live_ and 32 random bytes as base64url. */
const SECRET_FORMAT = /^sb_live_[A-Za-z0-9_-]{43}$/;
/** How much of the secret the list shows: enough to tell keys apart, far too little to guess the rest. */
const SHOWN_LENGTH = SECRET_PREFIX.length + 4;
/** `last_used_at` is written at most this often per key, not on every call. */
const LAST_USED_EVERY_SECONDS = 60;
/** A retried visit is recognised for this long; then its idempotency record is swept. */
const IDEMPOTENCY_DAYS = 7;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The key behind a presented secret, with what a visit needs of its business. */
export type AuthenticatedKey = { id: number; name: string; business: { id: number; name: string; region: string | null }; recentlyUsed: boolean };

/** The business's keys, newest first: never their secrets or hashes. */
export function listApiKeys(db: Db, businessId: number) {
  return queryRows<ApiKey>(
    db,
    sql`select id, name, secret_prefix as prefix, ${iso('created_at')} as "createdAt", ${iso('last_used_at')} as "lastUsedAt"
        from api_keys where business_id = ${businessId} order by id desc`,
  );
}

/**
 * A new key for the business, unless it already has API_KEYS_MAX (null). The secret is answered
 * here and nowhere else: only its SHA-256 is stored.
 */
export async function createApiKey(db: Db, businessId: number, name: string): Promise<NewApiKey | null> {
  const secret = `${SECRET_PREFIX}${newOpaqueToken()}`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into api_keys (business_id, name, secret_hash, secret_prefix)
        select ${businessId}, ${name}, ${hashToken(secret)}, ${secret.slice(0, SHOWN_LENGTH)}
        where (select count(*) from api_keys where business_id = ${businessId}) < ${API_KEYS_MAX}
        returning id`,
  );
  return row ? { id: row.id, name, secret } : null;
}

/** Deletes a key of the business; false when it has no such key. Calls with it are refused at once. */
export async function deleteApiKey(db: Db, businessId: number, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from api_keys where id = ${id} and business_id = ${businessId} returning 1`);
  return rows.length > 0;
}

/** The key a presented secret belongs to; undefined for anything else (malformed, unknown, deleted). */
export async function keyOfSecret(db: Db, secret: string): Promise<AuthenticatedKey | undefined> {
  // Not the shape of a secret: no need to ask the database.
  if (!SECRET_FORMAT.test(secret)) return undefined;
  const [row] = await queryRows<{ id: number; name: string; businessId: number; businessName: string; region: string | null; recentlyUsed: boolean }>(
    db,
    sql`select k.id, k.name, k.business_id as "businessId", b.name as "businessName", b.region,
               coalesce(k.last_used_at > now() - make_interval(secs => ${LAST_USED_EVERY_SECONDS}), false) as "recentlyUsed"
        from api_keys k join businesses b on b.id = k.business_id
        where k.secret_hash = ${hashToken(secret)}`,
  );
  return row && { id: row.id, name: row.name, business: { id: row.businessId, name: row.businessName, region: row.region }, recentlyUsed: row.recentlyUsed };
}

/**
 * Records that the key made an accepted call, unless it was recorded within the last minute
 * (concurrent calls at the turn of a minute write once: the condition is checked again by the row lock).
 */
export async function noteKeyUsed(db: Db, key: AuthenticatedKey) {
  if (key.recentlyUsed) return;
  await db.execute(
    sql`update api_keys set last_used_at = now()
        where id = ${key.id} and (last_used_at is null or last_used_at <= now() - make_interval(secs => ${LAST_USED_EVERY_SECONDS}))`,
  );
}

/** Only a recorded visit (201) is kept: a refused one changed nothing and is checked again when retried. */
export type StoredAnswer = { statusCode: 201; answer: VisitAnswer };

/** The answers already given to visits of the business with these idempotency keys, by key. */
export async function storedAnswers(db: Db, businessId: number, keys: readonly string[]): Promise<Map<string, StoredAnswer>> {
  const rows = await queryRows<StoredAnswer & { key: string }>(
    db,
    sql`select key, status_code as "statusCode", answer from api_idempotency
        where business_id = ${businessId} and key in (select json_array_elements_text(${JSON.stringify(keys)}::json))`,
  );
  return new Map(rows.map(({ key, ...stored }) => [key, stored]));
}

/**
 * Keeps visits' answers under their idempotency keys, in the visits' transaction; answers the keys
 * already taken (by a concurrent call that committed first: the insert waited for that commit).
 * In key order, so two batches sharing keys wait for each other in one order, never in a circle.
 */
export async function storeAnswers(tx: Db, businessId: number, answers: ReadonlyArray<{ key: string; stored: StoredAnswer }>): Promise<Set<string>> {
  if (answers.length === 0) return new Set();
  const rows = answers.map(({ key, stored }) => ({ key, status_code: stored.statusCode, answer: stored.answer }));
  const kept = await queryRows<{ key: string }>(
    tx,
    sql`insert into api_idempotency (business_id, key, status_code, answer)
        select ${businessId}, r.key, r.status_code, r.answer
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(key text, status_code int, answer jsonb)
        order by r.key
        on conflict do nothing returning key`,
  );
  const keptKeys = new Set(kept.map(({ key }) => key));
  return new Set(answers.map(({ key }) => key).filter((key) => !keptKeys.has(key)));
}

/** Forgets idempotency records older than IDEMPOTENCY_DAYS (the workers' hourly retention sweep); answers how many. */
export async function forgetOldIdempotencyKeys(db: Db): Promise<number> {
  const rows = await queryRows(db, sql`delete from api_idempotency where created_at < now() - make_interval(days => ${IDEMPOTENCY_DAYS}) returning 1`);
  return rows.length;
}

/** Contacts as the visits API answers them, by id. */
export async function visitedContacts(tx: Db, contactIds: readonly number[]) {
  const rows = await queryRows<Omit<VisitAnswer['contact'], 'created'>>(
    tx,
    sql`select id, first_name as "firstName", last_name as "lastName", email, phone_number as "phoneNumber"
        from contacts where id = any(${`{${contactIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}
