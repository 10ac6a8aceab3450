import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Contact } from '#domain';
import { queryRows } from '../../server/db/client';
import { applyPhoneReply } from '../../server/suppressions/addresses';
import { UNSUBSCRIBE_PATH } from '../../server/sending/paths';
import {
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  listedCampaign,
  signedInOwner,
  withDeliveryApp,
  type Owner,
} from '../support/delivery-app';

/**
 * Deleting contacts erases them: no text column of any table still holds their name, email or
 * phone number, campaign counts stay as they were, and an opted-out contact imported again is
 * still opted out (kept as a hash of the address only).
 */

type Person = { firstName: string; lastName: string; email: string; phoneNumber: string };

/** Someone whose every value is unique in the run, so any trace of them can be searched for. */
function person(label: string, phoneSuffix: number): Person {
  const marker = randomUUID().replace(/-/g, '').slice(0, 8);
  return {
    firstName: `Zq${label}${marker.slice(0, 4)}`,
    lastName: `Xv${marker}`,
    email: `${label}.${marker}@erasure.example`,
    phoneNumber: `49171${String(Date.now()).slice(-6)}${phoneSuffix}`,
  };
}

async function addContact(owner: Owner, who: Person): Promise<Contact> {
  const response = await owner.client.post('/api/contact/create-new-contact', {
    ...who,
    birthDate: '1990-05-17',
    gender: 'FEMALE',
    businessId: owner.businessId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Every text-like column of every table outside the system schemas (pg-boss's included). */
async function textColumns(db: Parameters<typeof queryRows>[0]) {
  return queryRows<{ schema: string; table: string; column: string }>(
    db,
    sql`select c.table_schema as schema, c.table_name as table, c.column_name as column
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where t.table_type = 'BASE TABLE'
          and c.table_schema not in ('pg_catalog', 'information_schema')
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'USER-DEFINED', 'ARRAY')`,
  );
}

/** `schema.table.column` of every cell that contains any of `needles` (case-insensitive). */
async function tracesOf(db: Parameters<typeof queryRows>[0], needles: string[]) {
  const found: string[] = [];
  for (const { schema, table, column } of await textColumns(db)) {
    const target = sql.raw(`"${schema}"."${table}"`);
    const cell = sql.raw(`"${column}"::text`);
    const matches = sql.join(needles.map((needle) => sql`${cell} ilike ${`%${needle}%`}`), sql` or `);
    const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${target} where ${matches}`);
    if (row!.count > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

const needlesOf = (who: Person) => [who.firstName, who.lastName, who.email, who.phoneNumber];

describe('erasing contacts', () => {
  it('leaves no name, email or phone number in any table, keeps the counts, and keeps opt-outs as hashes', async () => {
    await withDeliveryApp({}, async ({ app }) => {
      const owner = await signedInOwner(app);
      const unsubscribed = person('mail', 1);
      const stopped = person('sms', 2);
      const active = person('active', 3);
      const kept = person('kept', 4);
      const added = new Map<Person, Contact>();
      for (const who of [unsubscribed, stopped, active, kept]) added.set(who, await addContact(owner, who));

      // A campaign to all four (the outbox: no channel configured), finished.
      const campaign = await launchCampaign(owner, await createFilter(owner));
      await finishedCampaign(owner, campaign.id);
      const countsBefore = (await listedCampaign(owner, campaign.id)).counts;
      expect(countsBefore).toMatchObject({ recipients: 4, outbox: 4 });
      const rows = await deliveryRows(app, campaign.id);
      expect(rows.find((row) => row.address === unsubscribed.email)!.body).toContain(unsubscribed.firstName);

      // One unsubscribes by the email's link, one replies STOP.
      const token = rows.find((row) => row.address === unsubscribed.email)!.unsubscribeToken;
      const unsubscribe = await app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(unsubscribe.statusCode).toBe(200);
      expect(await applyPhoneReply(app.db, stopped.phoneNumber.replace(/^\+/, ''), true, 'SMS reply STOP')).toHaveLength(1);

      const erased = [unsubscribed, stopped, active];
      const deleted = await owner.client.delete('/api/contact/delete-contacts', { contactIds: erased.map((who) => added.get(who)!.id) });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ deleted: 3 });

      expect(await tracesOf(app.db, erased.flatMap(needlesOf))).toEqual([]);
      // The contact not deleted is untouched, in the contacts and in the deliveries.
      expect(await tracesOf(app.db, [kept.email])).toEqual(expect.arrayContaining(['public.contacts.email', 'public.deliveries.address']));
      expect((await listedCampaign(owner, campaign.id)).counts).toEqual(countsBefore);
      const details = await owner.client.get(`/api/campaign/get-campaign-details/${campaign.id}`);
      expect(details.statusCode).toBe(200);
      expect(details.body).not.toContain(unsubscribed.email);

      // Imported again (the one who unsubscribed with a new phone, the one who said STOP with a new
      // email): both still opted out; the erased active contact and a new one are active.
      const newcomer = person('new', 5);
      const file = [
        'First name,Last name,Email,Phone number,Birth date',
        ...[
          { ...unsubscribed, phoneNumber: '4917000000001' },
          { ...stopped, email: `changed.${stopped.email}` },
          active,
          newcomer,
        ].map((who) => [who.firstName, who.lastName, who.email, who.phoneNumber, '1990-05-17'].join(',')),
      ].join('\n');
      const imported = await owner.client.post('/api/contact/import-contacts', { businessId: owner.businessId, file: Buffer.from(file).toString('base64') });
      expect(imported.json()).toMatchObject({ created: 4, updated: 0, rejectedCount: 0 });
      const listed = (await owner.client.get(`/api/contact/get-contacts/${owner.businessId}`)).json() as Contact[];
      const statusOf = (firstName: string) => listed.find((contact) => contact.firstName === firstName)?.status;
      expect([unsubscribed, stopped, active, newcomer].map((who) => statusOf(who.firstName))).toEqual(['UNSUBSCRIBED', 'UNSUBSCRIBED', 'ACTIVE', 'ACTIVE']);

      // Added by the form, too; and another business is not affected by this one's opt-outs.
      await owner.client.delete('/api/contact/delete-contacts', { contactIds: [listed.find((contact) => contact.firstName === unsubscribed.firstName)!.id] });
      expect((await addContact(owner, unsubscribed)).status).toBe('UNSUBSCRIBED');
      const elsewhere = await signedInOwner(app);
      expect((await addContact(elsewhere, unsubscribed)).status).toBe('ACTIVE');
    });
  }, 120_000);

  it('keeps an opt-out that arrives after the deletion as a hash only; START undoes a late STOP', async () => {
    await withDeliveryApp({}, async ({ app }) => {
      const owner = await signedInOwner(app);
      const [mailed, texted] = [person('late', 8), person('latesms', 9)];
      const contacts = [await addContact(owner, mailed), await addContact(owner, texted)];
      const filter = await createFilter(owner);
      const email = await launchCampaign(owner, filter, { messageBody: 'Hi ${firstName}' });
      const sms = await launchCampaign(owner, filter, { type: 'SMS', subject: null, messageBody: 'Hi ${firstName}' });
      await finishedCampaign(owner, email.id);
      await finishedCampaign(owner, sms.id);
      const token = (await deliveryRows(app, email.id)).find((row) => row.address === mailed.email)!.unsubscribeToken;
      await owner.client.delete('/api/contact/delete-contacts', { contactIds: contacts.map((contact) => contact.id) });
      const hashes = () => queryRows<{ reason: string }>(app.db, sql`select reason from opt_out_hashes order by reason`);
      expect(await hashes()).toEqual([]);

      // The erased contact's link still offers the button (opening it changes nothing), and posting it counts.
      const url = `${UNSUBSCRIBE_PATH}/${token}`;
      expect((await app.inject({ method: 'GET', url })).body).toContain('<button type="submit">Unsubscribe</button>');
      expect(await hashes()).toEqual([]);
      const posted = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(posted.body).toContain('You are unsubscribed');
      expect(await applyPhoneReply(app.db, texted.phoneNumber, true, 'SMS reply STOP')).toEqual([owner.businessName]);
      expect(await hashes()).toEqual([{ reason: 'stop' }, { reason: 'unsubscribed' }]);
      expect(await tracesOf(app.db, needlesOf(mailed).concat(needlesOf(texted)))).toEqual([]);

      // A START from the number is the person's own opt-in: the kept STOP goes.
      expect(await applyPhoneReply(app.db, texted.phoneNumber, false, 'SMS reply START')).toEqual([owner.businessName]);
      expect(await hashes()).toEqual([{ reason: 'unsubscribed' }]);
      expect((await addContact(owner, texted)).status).toBe('ACTIVE');
      expect((await addContact(owner, mailed)).status).toBe('UNSUBSCRIBED');
    });
  }, 120_000);

  it('a contact with only a phone number who said STOP is erased, and imported again is still opted out', async () => {
    await withDeliveryApp({}, async ({ app }) => {
      const owner = await signedInOwner(app);
      const phoneOnly = person('phone', 6);
      const importRow = async () => {
        const file = `First name,Phone number\n${phoneOnly.firstName},+${phoneOnly.phoneNumber}\n`;
        const response = await owner.client.post('/api/contact/import-contacts', { businessId: owner.businessId, file: Buffer.from(file).toString('base64') });
        expect(response.json()).toMatchObject({ created: 1 });
        const listed = (await owner.client.get(`/api/contact/get-contacts/${owner.businessId}`)).json() as Contact[];
        return listed.find((contact) => contact.firstName === phoneOnly.firstName)!;
      };
      const contact = await importRow();
      expect(contact.email).toBeNull();
      expect(await applyPhoneReply(app.db, phoneOnly.phoneNumber, true, 'SMS reply STOP')).toHaveLength(1);
      const deleted = await owner.client.delete('/api/contact/delete-contacts', { contactIds: [contact.id] });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await tracesOf(app.db, [phoneOnly.firstName, phoneOnly.phoneNumber])).toEqual([]);
      expect((await importRow()).status).toBe('UNSUBSCRIBED');
    });
  }, 120_000);

  it('stays all or nothing: with another owner’s contact among the ids, nothing is erased', async () => {
    await withDeliveryApp({}, async ({ app }) => {
      const owner = await signedInOwner(app);
      const stranger = await signedInOwner(app);
      const mine = person('mine', 6);
      const ours = await addContact(owner, mine);
      const theirs = await addContact(stranger, person('theirs', 7));
      const refused = await owner.client.delete('/api/contact/delete-contacts', { contactIds: [ours.id, theirs.id] });
      expect(refused.statusCode).toBe(404);
      expect(await tracesOf(app.db, [mine.email])).toContain('public.contacts.email');
    });
  }, 60_000);
});
