import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReviewToken } from '../../server/sending/recipients';
import { addContacts, createFilter, deliveryRows, finishedCampaign, launchCampaign, signedInOwner, startDeliveryApp, type DeliveryApp } from '../support/delivery-app';
import { SmtpSink } from '../support/smtp-sink';

/**
 * The tokens of a campaign's links (review page, unsubscribe): unique and unguessable (at least 96
 * random bits), with the minute they were made in front, so a campaign's tokens sit together in
 * their unique indexes however large those grow.
 */
const minuteNow = () => Math.floor(Date.now() / 60_000) % 2 ** 24;
/** The minutes a token made between `before` and now may carry (a minute may turn meanwhile). */
const minutesSince = (before: number) => new Set([before, minuteNow()]);

let sink: SmtpSink;
let deliveryApp: DeliveryApp;
beforeAll(async () => {
  sink = await SmtpSink.start();
  deliveryApp = await startDeliveryApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await deliveryApp?.close();
  await sink?.close();
});

describe('link tokens', () => {
  it('a review token is 22 URL-safe characters: the minute in its first 24 bits, 104 random bits after', () => {
    const at = Date.UTC(2026, 10, 28, 9, 30);
    const tokens = Array.from({ length: 1000 }, () => newReviewToken(at));
    expect(new Set(tokens).size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, 'base64url').readUIntBE(0, 3)).toBe(Math.floor(at / 60_000) % 2 ** 24);
    }
    // Every one of the 104 bits after the minute varies across tokens.
    const varying = tokens.map((token) => Buffer.from(token, 'base64url')).reduce((bits, bytes, _i, all) => {
      for (let bit = 24; bit < 128; bit += 1) {
        const value = (bytes[bit >> 3]! >> (7 - (bit & 7))) & 1;
        if (value !== ((all[0]![bit >> 3]! >> (7 - (bit & 7))) & 1)) bits.add(bit);
      }
      return bits;
    }, new Set<number>());
    expect(varying.size).toBe(104);
  });

  it("a campaign's deliveries get unique tokens that start with the minute they were made", async () => {
    const minuteBefore = minuteNow();
    const shop = await signedInOwner(deliveryApp.app);
    await addContacts(deliveryApp.app, shop.businessId, 40);
    const campaign = await launchCampaign(shop, await createFilter(shop), { type: 'EMAIL', subject: 'How was it?', messageBody: 'Hi ${firstName}: ${reviewLink}' });
    await finishedCampaign(shop, campaign.id);
    const rows = await deliveryRows(deliveryApp.app, campaign.id);
    expect(rows).toHaveLength(40);
    const minutes = minutesSince(minuteBefore);

    const unsubscribe = rows.map((row) => row.unsubscribeToken);
    expect(new Set(unsubscribe).size).toBe(40);
    for (const token of unsubscribe) {
      expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(minutes).toContain(parseInt(token.slice(0, 6), 16));
    }
    // The rest is random: no two tokens share what follows the minute.
    expect(new Set(unsubscribe.map((token) => token.slice(6))).size).toBe(40);

    const review = rows.map((row) => row.reviewToken!);
    expect(new Set(review).size).toBe(40);
    for (const token of review) expect(minutes).toContain(Buffer.from(token, 'base64url').readUIntBE(0, 3));
  });
});
