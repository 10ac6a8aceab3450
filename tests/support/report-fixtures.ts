import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { addContacts, createFilter, deliveryRows, finishedCampaign, launchCampaign, type Owner } from './delivery-app';

/**
 * The values the report fixtures (tests/fixtures/bounces, tests/fixtures/email-events) are written
 * with: the one email they are about. A test puts a real delivery's values in their place.
 */
export const FIXTURE_EMAIL = {
  token: '0123456789abcdef0123456789abcdef',
  recipient: 'kim.lee@recipient.example',
  messageId: 'original-0001@bakery.example',
  date: 'Mon, 02 Mar 2026 09:30:00 +0000',
  isoDate: '2026-03-02T09:30:00.000Z',
  epochSeconds: '1772443800',
  /** Provider event ids: each fill gets its own, as every real event has. */
  eventId: '00000000-event-id-0000',
} as const;

/** A delivery the fixture is made about: its token (unsubscribe token), address, Message-ID and send time (as the database gives it). */
export type FixtureDelivery = { unsubscribeToken: string; address: string; providerId: string | null; sentAt: Date | string | null };

export const readFixture = (folder: 'bounces' | 'email-events', file: string) =>
  readFileSync(new URL(`../fixtures/${folder}/${file}`, import.meta.url), 'utf8');

/**
 * A fixture about `delivery`: its token, address, Message-ID and send time in place of the
 * fixture's; the report's own Message-ID and the provider's event ids made unique, so every fill
 * is a new report (and the same fill posted twice is the same report).
 */
export function fillFixture(text: string, delivery: FixtureDelivery): string {
  const sentAt = new Date(delivery.sentAt ?? Date.now());
  const messageId = (delivery.providerId ?? `<${randomUUID()}@unknown.test>`).replace(/^<|>$/g, '');
  const split = text.search(/\r?\n\r?\n/);
  const head = split === -1 ? text : text.slice(0, split);
  const ownId = `<${randomUUID()}@reports.test>`;
  const filled = (split === -1 ? head : head.replace(/^(Message-I[Dd]:[ \t]*).*$/m, `$1${ownId}`) + text.slice(split))
    .replaceAll(FIXTURE_EMAIL.token, delivery.unsubscribeToken.replaceAll('-', ''))
    .replaceAll(FIXTURE_EMAIL.recipient, delivery.address)
    .replaceAll(FIXTURE_EMAIL.messageId, messageId)
    .replaceAll(FIXTURE_EMAIL.date, sentAt.toUTCString().replace('GMT', '+0000'))
    .replaceAll(FIXTURE_EMAIL.isoDate, sentAt.toISOString())
    .replaceAll(FIXTURE_EMAIL.epochSeconds, String(Math.floor(sentAt.getTime() / 1000)));
  return filled.replaceAll(FIXTURE_EMAIL.eventId, randomUUID());
}

/** A new business of `owner` with `count` contacts and one email campaign sent to all of them: its deliveries, whose reports a test then posts. */
export async function sentEmailCampaign(app: FastifyInstance, owner: Owner, count: number) {
  const shop = { ...owner, businessId: (await owner.client.createBusiness({ name: `Bakery ${randomUUID().slice(0, 6)}` })).id };
  await addContacts(app, shop.businessId, count);
  const launched = await launchCampaign(shop, await createFilter(shop), { messageBody: 'Hi ${firstName}, thanks for visiting!' });
  await finishedCampaign(shop, launched.id);
  return { shop, campaignId: launched.id, deliveries: await deliveryRows(app, launched.id) };
}
