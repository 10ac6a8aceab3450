import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRow } from '#domain/contact-rows';
import { postgresPool, queryRows, type Db } from '../../server/db/client';
import { contactsCopyText } from '../../server/contacts/copy-text';
import { copyUpsertContacts, saveContactRows, upsertContacts } from '../../server/contacts/upsert';
import { testDatabaseKind } from '../support/delivery-app';
import { ApiClient, startTestApp, type TestApp } from '../support/test-app';

/**
 * An import's statement computes each contact's status, api_json and revision itself, with the
 * per-row triggers off (migration 0019, issue 24). Every other write keeps the triggers. The same
 * rows over the same contacts must come out the same either way: opt-outs by suppression, by an
 * unsubscribed contact and by an erased contact's hash; updates found by email and by phone number;
 * a row that changes nothing; text that JSON and COPY must escape.
 */

let testApp: TestApp;
let owner: ApiClient;
let db: Db;

beforeAll(async () => {
  testApp = await startTestApp();
  db = testApp.app.db as unknown as Db;
  owner = new ApiClient(testApp.app);
  await owner.signUpAndIn();
});
afterAll(() => testApp.close());

const row = (fields: Partial<ContactRow>): ContactRow => ({
  firstName: '',
  lastName: '',
  email: null,
  phoneNumber: null,
  birthDate: null,
  gender: 'NOT_SPECIFIED',
  tags: '',
  ...fields,
});

/** A business with a contact of each kind, a suppression of each channel and an erased opted-out address. */
async function preparedBusiness(): Promise<number> {
  const { id } = await owner.createBusiness();
  await db.execute(sql`
    insert into contacts (business_id, first_name, last_name, email, phone_number, birth_date, gender, status, tags)
    values (${id}, 'Kept', 'Customer', 'kept@derived.example', '+491511000001', '1980-02-03', 'FEMALE', 'ACTIVE', 'vip'),
           (${id}, 'Phone', 'Only', null, '+491511000002', null, 'MALE', 'ACTIVE', ''),
           (${id}, 'Gone', 'Away', 'gone@derived.example', '+491511000003', null, 'NOT_SPECIFIED', 'UNSUBSCRIBED', ''),
           (${id}, 'Also', 'Gone', null, '+491511000005', null, 'NOT_SPECIFIED', 'UNSUBSCRIBED', ''),
           (${id}, 'Same', 'Again', 'same@derived.example', null, null, 'NOT_SPECIFIED', 'ACTIVE', 'a,b')`);
  await db.execute(sql`
    insert into suppressions (business_id, channel, address, reason)
    values (${id}, 'EMAIL', 'suppressed@derived.example', 'unsubscribed'), (${id}, 'SMS', '491511000004', 'stop'),
           (${id}, 'EMAIL', 'bounced@derived.example', 'hard_bounce')`);
  await db.execute(sql`insert into opt_out_hashes (business_id, address_hash, reason)
    values (${id}, opt_out_hash(${id}, 'email', 'erased@derived.example'), 'complaint')`);
  return id;
}

const ROWS: ContactRow[] = [
  row({ firstName: 'New', lastName: 'Plain', email: 'new@derived.example', phoneNumber: '+491511000010', birthDate: '1990-05-17', gender: 'FEMALE', tags: 'walk-in' }),
  row({ firstName: 'Opted', lastName: 'ByEmail', email: 'Suppressed@Derived.example' }),
  row({ firstName: 'Opted', lastName: 'ByStop', phoneNumber: '+491511000004' }),
  row({ firstName: 'Opted', lastName: 'ByHash', email: 'erased@derived.example' }),
  row({ firstName: 'Opted', lastName: 'ByUnsubscribedContact', email: 'other@derived.example', phoneNumber: '+491511000003' }),
  // Found by email (another case), given the unsubscribed contact's number: opted out now.
  row({ firstName: 'Kept', lastName: 'Renamed', email: 'KEPT@derived.example', phoneNumber: '+491511000005', tags: 'vip,regular' }),
  // Found by phone number: names replaced, the rest kept.
  row({ firstName: 'Phoned', lastName: 'In', phoneNumber: '+491511000002', gender: 'MALE' }),
  // The unsubscribed contact, renamed: stays unsubscribed.
  row({ firstName: 'Still', lastName: 'Gone', email: 'gone@derived.example' }),
  // Changes nothing: not written, its revision stays.
  row({ firstName: 'Same', lastName: 'Again', email: 'same@derived.example', tags: 'a,b' }),
  // A hard bounce is no opt-out.
  row({ firstName: 'Bounced', lastName: 'Once', email: 'bounced@derived.example' }),
  row({ firstName: 'Zoë "Q"', lastName: 'Back\\slash\tTab', email: 'unicode@derived.example', tags: 'ü,😀' }),
];

type Written = { revision: number; contacts: unknown[]; suppressions: unknown[] };

/** The business's contacts (by address, ids left out) and suppressions, and its contacts revision. */
async function writtenState(businessId: number, revisionBefore: number): Promise<Written> {
  const contacts = await queryRows<{ apiJson: string; id: number; businessId: number; consistent: boolean }>(
    db,
    sql`select first_name, last_name, email, phone_number, birth_date::text, gender, status, tags, phone_problem,
               revision > ${revisionBefore} as rewritten, api_json::jsonb - 'id' - 'businessId' as api,
               api_json = contact_api_json(id, business_id, first_name, last_name, email, phone_number, birth_date, gender, status, tags, last_visited) as consistent
        from contacts where business_id = ${businessId} order by coalesce(lower(email), phone_number)`,
  );
  const suppressions = await queryRows(db, sql`select channel, address, reason from suppressions where business_id = ${businessId} order by channel, address`);
  const [business] = await queryRows<{ revision: number }>(db, sql`select contacts_revision::int as revision from businesses where id = ${businessId}`);
  return { revision: business!.revision - revisionBefore, contacts, suppressions };
}

async function revisionOf(businessId: number): Promise<number> {
  const [business] = await queryRows<{ revision: number }>(db, sql`select contacts_revision::int as revision from businesses where id = ${businessId}`);
  return business!.revision;
}

/** Writes ROWS into a new prepared business with `write`; answers what came out. */
async function writtenBy(write: (businessId: number) => Promise<unknown>): Promise<Written> {
  const businessId = await preparedBusiness();
  const before = await revisionOf(businessId);
  await write(businessId);
  return writtenState(businessId, before);
}

describe('an import’s statement computing status, api_json and revision itself', () => {
  it('writes every contact as the per-row triggers of every other write do', async () => {
    const byTriggers = await writtenBy((businessId) => saveContactRows(db, businessId, ROWS));
    const byImport = await writtenBy((businessId) => upsertContacts(db, businessId, [ROWS]));
    const byImportBatches = await writtenBy((businessId) => upsertContacts(db, businessId, [ROWS.slice(0, 5), ROWS.slice(5)], { commitEachBatch: true }));

    expect(byImport).toEqual(byTriggers);
    expect(byImportBatches.contacts).toEqual(byTriggers.contacts);
    // What the rows mean, so that the comparison compares something.
    const status = (email: string) => (byTriggers.contacts as Array<{ email: string | null; status: string }>).find((contact) => contact.email === email)?.status;
    expect(['Suppressed@Derived.example', 'erased@derived.example', 'other@derived.example', 'KEPT@derived.example', 'gone@derived.example'].map(status)).toEqual(
      Array(5).fill('UNSUBSCRIBED'),
    );
    expect(['new@derived.example', 'bounced@derived.example', 'same@derived.example'].map(status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
    expect(byTriggers.contacts.every((contact) => (contact as { consistent: boolean }).consistent)).toBe(true);
    expect(byTriggers.revision).toBe(1);
  });

  // COPY is the PostgreSQL import's way in; on PGlite an import writes JSON batches (the test above).
  it.skipIf(testDatabaseKind() !== 'postgres')('writes the same through COPY on PostgreSQL', async () => {
    const pool = postgresPool(testApp.app.database)!;
    const byTriggers = await writtenBy((businessId) => saveContactRows(db, businessId, ROWS));
    const byCopy = await writtenBy((businessId) => copyUpsertContacts(pool, businessId, [Buffer.from(contactsCopyText(ROWS))]));
    expect(byCopy).toEqual(byTriggers);
  });

  // The PostgreSQL import writes each batch while its worker checks the next: a failure after some
  // batches (the time budget running out, say) must leave nothing written.
  it.skipIf(testDatabaseKind() !== 'postgres')('writes nothing through COPY when a later batch fails to come', async () => {
    const pool = postgresPool(testApp.app.database)!;
    const businessId = await preparedBusiness();
    const before = await writtenState(businessId, await revisionOf(businessId));
    async function* failingAfterOne() {
      yield Buffer.from(contactsCopyText(ROWS.slice(0, 5)));
      throw new Error('the worker ran out of time');
    }
    await expect(copyUpsertContacts(pool, businessId, failingAfterOne())).rejects.toThrow('the worker ran out of time');
    expect(await writtenState(businessId, await revisionOf(businessId))).toEqual(before);
  });

  it('turns the three per-row triggers off for the transaction that says so, and only for it', async () => {
    const businessId = await preparedBusiness();
    const insert = (email: string) =>
      sql`insert into contacts (business_id, first_name, last_name, email, gender) values (${businessId}, 'Raw', 'Row', ${email}, 'NOT_SPECIFIED')
          returning api_json as "apiJson", status, revision::int as revision`;
    const skipped = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('starboost.contacts_derived', 'on', true)`);
      return (await queryRows(tx as unknown as Db, insert('suppressed@derived.example')))[0];
    });
    expect(skipped).toEqual({ apiJson: null, status: 'ACTIVE', revision: 0 });
    const [afterwards] = await queryRows<{ apiJson: string; status: string }>(db, insert('SUPPRESSED@derived.example '));
    expect(afterwards!.status).toBe('UNSUBSCRIBED');
    expect(JSON.parse(afterwards!.apiJson)).toMatchObject({ email: 'SUPPRESSED@derived.example ', status: 'UNSUBSCRIBED' });
  });
});
