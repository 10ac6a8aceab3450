import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CampaignType, Contact } from '#domain';
import { queryRows } from '../../server/db/client';
import { INBOUND_EMAIL_PATH, UNSUBSCRIBE_PATH } from '../../server/sending/paths';
import { applyPhoneReply } from '../../server/suppressions/addresses';
import { createFilter, deliveryRows, launchCampaign, signedInOwner, waitFor, withDeliveryApp, type Owner } from '../support/delivery-app';

/**
 * An opt-out is never undone by a later path (issue 22). For each kind of opt-out (the email's
 * unsubscribe link, a STOP reply, a complaint, a hard bounce), with the contact kept, deleted after
 * it opted out, or deleted before the opt-out arrived, every way an address can come onto a contact
 * gives the opted-out address to a contact; then a campaign of the address's channel runs over the
 * whole business, and no message goes to the address (a control contact's message does go).
 *
 * A new path that writes contacts is one line in PATHS.
 */

const SECRET = 'inbound-secret-0123456789';
const BIRTH_DATE = '1990-05-17';

type Person = { firstName: string; lastName: string; email: string; phoneNumber: string };
type Channel = CampaignType;

let people = 0;
/** Someone nobody else in the run is: unique email and a unique valid German mobile number. */
function newPerson(label: string): Person {
  people += 1;
  const serial = String((Date.now() * 1000 + people) % 100_000_000).padStart(8, '0');
  return { firstName: label, lastName: `Walk${people}`, email: `${label.toLowerCase()}.${randomUUID().slice(0, 8)}@walk.example`, phoneNumber: `49151${serial}` };
}

/** `person` with the opted-out contact's address of `channel` instead of their own. */
const withAddress = (person: Person, channel: Channel, optedOut: Person): Person =>
  channel === 'EMAIL' ? { ...person, email: optedOut.email } : { ...person, phoneNumber: optedOut.phoneNumber };

/** One scenario's business: the contact who opts out, another contact, and a control who is messaged. */
type Shop = Owner & { app: FastifyInstance; optedOut: Person; optedOutId: number; other: Person; otherId: number; control: Person };

type Answer = { statusCode: number; body: string };

async function addContact(shop: Shop | Owner, person: Person): Promise<Answer & { contact?: Contact }> {
  const response = await shop.client.post('/api/contact/create-new-contact', { ...person, birthDate: BIRTH_DATE, gender: 'FEMALE', businessId: shop.businessId });
  return { statusCode: response.statusCode, body: response.body, contact: response.statusCode === 201 ? response.json() : undefined };
}

async function importRows(shop: Shop, rows: Person[]): Promise<Answer> {
  const file = ['First name,Last name,Email,Phone number,Birth date', ...rows.map((p) => [p.firstName, p.lastName, p.email, p.phoneNumber, BIRTH_DATE].join(','))].join('\n');
  const response = await shop.client.post('/api/contact/import-contacts', { businessId: shop.businessId, file: Buffer.from(file).toString('base64') });
  // A row the import rejects is no path at all: the walk must not pass because of it.
  const rejected = response.statusCode === 200 && response.json().rejectedCount > 0;
  return { statusCode: rejected ? 422 : response.statusCode, body: response.body };
}

/**
 * Every way a contact's address comes into being or changes, each giving the opted-out contact's
 * address of `channel` to a contact of the shop. `channels` says which addresses the path can give.
 */
type Path = { name: string; channels: Channel[]; give(shop: Shop, channel: Channel): Promise<Answer> };
const PATHS: Path[] = [
  { name: 'added by the form', channels: ['EMAIL', 'SMS'], give: (shop, channel) => addContact(shop, withAddress(newPerson('New'), channel, shop.optedOut)) },
  {
    name: 'another contact edited to it',
    channels: ['EMAIL', 'SMS'],
    give: (shop, channel) =>
      shop.client.put(`/api/contact/update-contact/${shop.otherId}`, { ...withAddress(shop.other, channel, shop.optedOut), birthDate: BIRTH_DATE, gender: 'FEMALE', businessId: shop.businessId }),
  },
  { name: 'imported as a new contact', channels: ['EMAIL', 'SMS'], give: (shop, channel) => importRows(shop, [withAddress(newPerson('Imported'), channel, shop.optedOut)]) },
  // An import finds its contacts by email, so an update gives another contact a phone number only.
  { name: 'imported onto another contact', channels: ['SMS'], give: (shop, channel) => importRows(shop, [withAddress(shop.other, channel, shop.optedOut)]) },
  { name: 'the opted-out contact imported again', channels: ['EMAIL', 'SMS'], give: (shop) => importRows(shop, [{ ...shop.optedOut, lastName: 'Again' }]) },
];

type OptOut = { name: string; channel: Channel; contactWide: boolean; apply(shop: Shop, campaignId: number): Promise<void> };

/** The first campaign's message to the contact who opts out (its contact id is null once they are deleted). */
async function optedOutsDelivery(shop: Shop, campaignId: number) {
  return (await deliveryRows(shop.app, campaignId)).find((delivery) => delivery.contactId === shop.optedOutId || delivery.contactId === null)!;
}

/** The token the delivery's VERP envelope sender carries (bounce+{token}@…), as a bounce or complaint quotes it. */
const verpToken = async (shop: Shop, campaignId: number) => (await optedOutsDelivery(shop, campaignId)).unsubscribeToken.replaceAll('-', '');

async function postReport(shop: Shop, report: string) {
  const response = await shop.app.inject({
    method: 'POST',
    url: INBOUND_EMAIL_PATH,
    payload: report.replace(/\r?\n/g, '\r\n'),
    headers: { 'content-type': 'message/rfc822', authorization: `Basic ${Buffer.from(`inbound:${SECRET}`).toString('base64')}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().result).not.toBe('ignored');
}

/**
 * A report as a provider forwards it to the VERP envelope sender (bounce+{token}@…): a bounce
 * (RFC 3464 delivery-status) or a complaint (ARF feedback-report), with its machine-readable part.
 */
const report = (token: string, type: 'delivery-status' | 'feedback-report', fields: string[]) =>
  [
    'From: reports@mx.example.net',
    `To: bounce+${token}@bounces.example`,
    'Subject: Report',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=${type}; boundary="b1"`,
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'About a message you sent.',
    '--b1',
    `Content-Type: message/${type}`,
    '',
    ...fields,
    '',
    '--b1--',
    '',
  ].join('\n');
const hardBounce = (token: string) => report(token, 'delivery-status', ['Reporting-MTA: dns; mx.example.net', '', 'Final-Recipient: rfc822; someone@walk.example', 'Action: failed', 'Status: 5.1.1']);
const complaint = (token: string) => report(token, 'feedback-report', ['Feedback-Type: abuse', 'Version: 1', `Original-Mail-From: <bounce+${token}@bounces.example>`]);

/** `contactWide`: the contact is unsubscribed, so both of their addresses are opted out; a bounce concerns its address only. */
const OPT_OUTS: OptOut[] = [
  {
    name: 'the unsubscribe link',
    channel: 'EMAIL',
    contactWide: true,
    async apply(shop, campaignId) {
      const url = `${UNSUBSCRIBE_PATH}/${(await optedOutsDelivery(shop, campaignId)).unsubscribeToken}`;
      const response = await shop.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(response.body).toContain('You are unsubscribed');
    },
  },
  // The function the Twilio webhook calls with the sender's number (the signed webhook is tested in delivery-sms).
  { name: 'a STOP reply', channel: 'SMS', contactWide: true, apply: async (shop) => void (await applyPhoneReply(shop.app.db, shop.optedOut.phoneNumber, true, 'SMS reply STOP')) },
  { name: 'a complaint', channel: 'EMAIL', contactWide: true, apply: async (shop, campaignId) => postReport(shop, complaint(await verpToken(shop, campaignId))) },
  { name: 'a hard bounce', channel: 'EMAIL', contactWide: false, apply: async (shop, campaignId) => postReport(shop, hardBounce(await verpToken(shop, campaignId))) },
];

const MOMENTS = ['kept', 'deleted after opting out', 'deleted before the opt-out arrived'] as const;
type Moment = (typeof MOMENTS)[number];

type Scenario = { optOut: OptOut; moment: Moment; channel: Channel; path: Path; shop?: Shop; first?: number; second?: number; answer?: Answer };

/** The addresses an opt-out covers: the contact's both after an unsubscribe, STOP or complaint; once erased, only the one the late opt-out names. */
const channelsOf = (optOut: OptOut, moment: Moment): Channel[] =>
  optOut.contactWide && moment !== 'deleted before the opt-out arrived' ? ['EMAIL', 'SMS'] : [optOut.channel];

const scenarios: Scenario[] = OPT_OUTS.flatMap((optOut) =>
  MOMENTS.flatMap((moment) =>
    channelsOf(optOut, moment).flatMap((channel) => PATHS.filter((path) => path.channels.includes(channel)).map((path) => ({ optOut, moment, channel, path }))),
  ),
);

const campaignOf = (channel: Channel) =>
  channel === 'EMAIL' ? { type: 'EMAIL', subject: 'Hello', messageBody: 'Hi ${firstName}' } : { type: 'SMS', subject: null, messageBody: 'Hi ${firstName}' };

/** Waits until none of the campaigns is still running. */
async function allFinished(app: FastifyInstance, ids: number[]) {
  await waitFor(async () => {
    const [row] = await queryRows<{ running: number }>(
      app.db,
      sql`select count(*)::int as running from campaigns where id = any(${`{${ids.join(',')}}`}::int[]) and status in ('CREATED', 'IN_PROGRESS')`,
    );
    return row!.running === 0;
  }, 120_000, 'the campaigns to finish');
}

const describeScenario = (s: Scenario) => `${s.optOut.name}, contact ${s.moment}, its ${s.channel === 'EMAIL' ? 'email' : 'number'} ${s.path.name}`;

describe('opt-outs hold on every path that gives a contact an address', () => {
  it(`no message reaches an opted-out address (${scenarios.length} ways)`, async () => {
    await withDeliveryApp({ INBOUND_EMAIL_SECRET: SECRET, IMPORT_RATE_LIMIT_PER_HOUR: '100000' }, async ({ app }) => {
      const owner = await signedInOwner(app);

      // A business per scenario: the contact who will opt out, another, a control; the first campaign reaches them.
      for (const scenario of scenarios) {
        const business = await owner.client.createBusiness({ name: `Walk ${randomUUID().slice(0, 8)}` });
        const base: Owner = { ...owner, businessId: business.id, businessName: business.name };
        const [optedOut, other, control] = [newPerson('Opted'), newPerson('Other'), newPerson('Control')];
        const ids = [];
        for (const person of [optedOut, other, control]) ids.push((await addContact(base, person)).contact!.id);
        scenario.shop = { ...base, app, optedOut, optedOutId: ids[0]!, other, otherId: ids[1]!, control };
        scenario.first = (await launchCampaign(base, await createFilter(base), campaignOf(scenario.optOut.channel))).id;
      }
      await allFinished(app, scenarios.map((s) => s.first!));

      // The opt-out, before or after the contact is deleted; then the path gives the address to a contact.
      const deleteOptedOut = async (shop: Shop) => {
        const response = await shop.client.delete('/api/contact/delete-contacts', { contactIds: [shop.optedOutId] });
        expect(response.statusCode, response.body).toBe(200);
      };
      for (const scenario of scenarios) {
        const shop = scenario.shop!;
        if (scenario.moment === 'deleted before the opt-out arrived') await deleteOptedOut(shop);
        await scenario.optOut.apply(shop, scenario.first!);
        if (scenario.moment === 'deleted after opting out') await deleteOptedOut(shop);
        scenario.answer = await scenario.path.give(shop, scenario.channel);
        scenario.second = (await launchCampaign(shop, await createFilter(shop), campaignOf(scenario.channel))).id;
      }
      await allFinished(app, scenarios.map((s) => s.second!));

      const failures: string[] = [];
      for (const scenario of scenarios) {
        const { shop, answer, channel } = scenario;
        const what = describeScenario(scenario);
        // Refused as a duplicate (the kept contact has the email) is a way of not sending; anything else must have worked.
        if (answer!.statusCode >= 300 && answer!.statusCode !== 409) failures.push(`${what}: the path answered ${answer!.statusCode} ${answer!.body.slice(0, 200)}`);
        const address = channel === 'EMAIL' ? shop!.optedOut.email : `+${shop!.optedOut.phoneNumber}`;
        const control = channel === 'EMAIL' ? shop!.control.email : `+${shop!.control.phoneNumber}`;
        const rows = await deliveryRows(app, scenario.second!);
        const sent = rows.filter((row) => row.address.toLowerCase() === address.toLowerCase() && row.state !== 'skipped');
        if (sent.length) failures.push(`${what}: a message went to the opted-out address (${sent.map((row) => row.state).join(', ')})`);
        if (!rows.some((row) => row.address === control && row.state === 'outbox')) failures.push(`${what}: the control contact got no message`);
      }
      expect(failures).toEqual([]);
    });
  }, 600_000);
});
