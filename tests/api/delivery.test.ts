import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { businesses, contacts } from '../../server/db/schema';
import { DeliveryWorker } from '../../server/delivery/engine';
import { currentWindow, retryDelayMs } from '../../server/delivery/pacing';
import type { CampaignDetails } from '../../server/delivery/details';
import {
  addContacts,
  createCampaign,
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  listedCampaign,
  signedInOwner,
  sleep,
  startDeliveryApp,
  waitFor,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { ApiClient } from '../support/test-app';
import { expectError } from './helpers';

/** One pacing "minute" in these tests. */
const MINUTE_MS = 600;
const REVIEW_LINK = 'https://g.page/r/corner-bakery/review';
const DETAILS = (id: number | string, query = '') => `/api/campaign/get-campaign-details/${id}${query}`;

let deliveryApp: DeliveryApp;
let owner: Owner;

beforeAll(async () => {
  deliveryApp = await startDeliveryApp({ PACING_MINUTE_MS: String(MINUTE_MS) });
  owner = await signedInOwner(deliveryApp.app);
});
afterAll(() => deliveryApp?.close());

const details = async (id: number, query = '') => {
  const response = await owner.client.get(DETAILS(id, query));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CampaignDetails;
};

/** A fresh business (its own contacts) of the same owner. */
async function ownBusiness(): Promise<Owner> {
  const business = await owner.client.createBusiness({ name: 'Corner Bakery' });
  await deliveryApp.app.db.update(businesses).set({ reviewLink: REVIEW_LINK }).where(eq(businesses.id, business.id));
  return { ...owner, businessId: business.id };
}

describe('recipients', () => {
  it('are the ACTIVE contacts matching the filter with an email address, each with the message rendered for them', async () => {
    const shop = await ownBusiness();
    const [vip1, vip2, , unsubscribed] = await addContacts(deliveryApp.app, shop.businessId, 5, (i) => ({
      tags: i === 2 ? 'regular' : 'vip',
      status: i === 3 ? 'UNSUBSCRIBED' : 'ACTIVE',
      firstName: ['Anna', 'Ben', 'Cleo', 'Dan', 'Eve'][i],
    }));
    const filter = await createFilter(shop, [{ attribute: 'tags', operator: 'CONTAINS', value: 'vip' }]);
    const launched = await launchCampaign(shop, filter, { subject: 'For ${firstName}', messageBody: 'Hi ${firstName}, review ${businessName}: ${reviewLink}' });

    const finished = await finishedCampaign(shop, launched.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', failureReason: null, counts: { recipients: 3, sent: 0, failed: 0 } });
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.map((row) => row.contactId)).not.toContain(unsubscribed);
    expect(rows.map((row) => row.state)).toEqual(['outbox', 'outbox', 'outbox']);
    expect(rows[0]).toMatchObject({
      contactId: vip1,
      address: `ann0.${shop.businessId}@example.com`,
      subject: 'For Anna',
      body: 'Hi Anna, review Corner Bakery: https://g.page/r/corner-bakery/review',
      attempts: 1,
    });
    expect(rows[1]).toMatchObject({ contactId: vip2, subject: 'For Ben' });
  });

  it('for SMS are the contacts with a mobile number in international form, each number once', async () => {
    const shop = await ownBusiness();
    const ids = await addContacts(deliveryApp.app, shop.businessId, 4, (i) => ({
      phoneNumber: ['4915111111111', '4915111111111', '015112345678', '447700900123'][i],
    }));
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter, { type: 'SMS', messageBody: 'Hi ${firstName}' });
    await finishedCampaign(shop, launched.id);
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    // A shared number gets one message (the first contact's); 015… has no country code.
    expect(rows.map(({ contactId, address }) => ({ contactId, address }))).toEqual([
      { contactId: ids[0], address: '+4915111111111' },
      { contactId: ids[3], address: '+447700900123' },
    ]);
    expect(rows.map((row) => row.body)).toEqual(['Hi Ann0', 'Hi Ann3']);
  });

  it('none: the campaign fails, saying why', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 2);
    const filter = await createFilter(shop, [{ attribute: 'firstName', operator: 'BEGINS_WITH', value: 'Nobody' }]);
    const launched = await launchCampaign(shop, filter);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished.status).toBe('FAILED');
    expect(finished.failureReason).toBe(`No recipients: no active contact matching “${filter.name}” has an email address.`);
    expect(finished.counts).toEqual({ recipients: 0, sent: 0, failed: 0 });
  });
});

describe('outbox (no channel configured) and get-campaign-details', () => {
  it('stores every message, counts it, labels it not delivered, and shows it', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 7);
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter, { subject: 'Hello ${firstName}' });
    await finishedCampaign(shop, launched.id);

    const answer = await details(launched.id);
    expect(answer.campaign).toEqual(await listedCampaign(shop, launched.id));
    expect(answer.channel).toEqual({
      name: 'outbox',
      delivers: false,
      note: 'No channel is configured: messages are stored in the outbox and not delivered.',
    });
    expect(answer.counts).toEqual({ recipients: 7, queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, canceled: 0, skipped: 0, outbox: 7 });
    expect(answer.timeline.reduce((total, minute) => total + minute.outbox, 0)).toBe(7);
    expect(answer.timeline[0]).toEqual({ minute: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/), sent: 0, outbox: expect.any(Number), failed: 0 });
    expect(answer.recipients).toMatchObject({ total: 7, offset: 0, limit: 500 });
    expect(answer.recipients.items[0]).toEqual({
      id: expect.any(Number),
      contactId: expect.any(Number),
      name: 'Ann0 Lee',
      address: `ann0.${shop.businessId}@example.com`,
      state: 'outbox',
      attempts: 1,
      error: null,
      sentAt: expect.stringMatching(/Z$/),
      nextAttemptAt: null,
      message: { subject: 'Hello Ann0', body: 'Hi Ann0, please review Corner Bakery: https://g.page/r/corner-bakery/review' },
    });

    const page = await details(launched.id, '?state=outbox&offset=5&limit=10');
    expect(page.recipients).toMatchObject({ total: 7, offset: 5, limit: 10 });
    expect(page.recipients.items.map((item) => item.name)).toEqual(['Ann5 Lee', 'Ann6 Lee']);
    expect((await details(launched.id, '?state=failed')).recipients).toEqual({ total: 0, offset: 0, limit: 500, items: [] });
  });

  it('answers an empty picture before the start, 400 for a wrong filter, 404 for a stranger and 401 without a session', async () => {
    const filter = await createFilter(owner);
    const draft = await createCampaign(owner, filter);
    const answer = await details(draft.id);
    expect(answer.counts.recipients).toBe(0);
    expect(answer.timeline).toEqual([]);
    expect(answer.recipients.items).toEqual([]);
    expectError(await owner.client.get(DETAILS(draft.id, '?state=lost')), 400, /State must be one of/);
    expectError(await owner.client.get(DETAILS(draft.id, '?limit=ten')), 400, /whole number/);

    const stranger = new ApiClient(deliveryApp.app);
    await stranger.signUpAndIn();
    expectError(await stranger.get(DETAILS(draft.id)), 404, 'Campaign not found.');
    expectError(await owner.client.get(DETAILS(2_000_000_000)), 404, 'Campaign not found.');
    expectError(await new ApiClient(deliveryApp.app).get(DETAILS(draft.id)), 401, /sign in again/);
  });
});

/** The outbox times of a campaign's messages, relative to the first, in milliseconds. */
async function sendTimes(campaignId: number) {
  const rows = (await deliveryRows(deliveryApp.app, campaignId)).filter((row) => row.sentAt);
  const times = rows.map((row) => new Date(row.sentAt!).getTime()).sort((a, b) => a - b);
  return times.map((time) => time - times[0]!);
}

/** Splits send times into batches: a gap of more than a third of the interval starts a new one. */
function batches(times: number[], intervalMs: number) {
  const result: number[][] = [];
  for (const time of times) {
    const last = result.at(-1);
    if (last && time - last.at(-1)! < intervalMs / 3) last.push(time);
    else result.push([time]);
  }
  return result;
}

describe('pacing', () => {
  it('sends intervalSize recipients every interval, the first batch at the start', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 12);
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter, { sendAllAtOnce: false, interval: 1, intervalSize: 5 });
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished.status).toBe('COMPLETED');
    const sent = batches(await sendTimes(launched.id), MINUTE_MS);
    expect(sent.map((batch) => batch.length)).toEqual([5, 5, 2]);
    // Each batch leaves one interval after the one before (never sooner; a little late at most).
    for (let i = 1; i < sent.length; i += 1) {
      const gap = sent[i]![0]! - sent[i - 1]![0]!;
      expect(gap).toBeGreaterThanOrEqual(MINUTE_MS - 40);
      expect(gap).toBeLessThan(MINUTE_MS + 350);
    }
  });

  it('sends as fast as the channel allows when sendAllAtOnce', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 300);
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter);
    await finishedCampaign(shop, launched.id);
    const times = await sendTimes(launched.id);
    expect(times).toHaveLength(300);
    expect(times.at(-1)).toBeLessThan(5000);
  });

  it('windows: late by a little follows on, a long gap starts anew; retries back off exponentially', () => {
    const pacing = { intervalMinutes: 2, intervalSize: 5, minuteMs: 1000 };
    const t = (ms: number) => new Date(ms);
    expect(currentWindow({ endsAt: null, allowance: 0 }, pacing, t(10_000))).toEqual({ endsAt: t(12_000), allowance: 5, opened: true });
    expect(currentWindow({ endsAt: t(12_000), allowance: 2 }, pacing, t(11_000))).toEqual({ endsAt: t(12_000), allowance: 2, opened: false });
    expect(currentWindow({ endsAt: t(12_000), allowance: 0 }, pacing, t(12_150))).toEqual({ endsAt: t(14_000), allowance: 5, opened: true });
    expect(currentWindow({ endsAt: t(12_000), allowance: 0 }, pacing, t(13_000))).toEqual({ endsAt: t(15_000), allowance: 5, opened: true });
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, () => 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(1, 1000, () => 0)).toBe(900);
  });
});

describe('pause, resume, cancel', () => {
  it('pause stops new sends at once; start resumes where it stopped, keeping the pace', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 15);
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter, { sendAllAtOnce: false, interval: 1, intervalSize: 5 });
    await waitFor(async () => (await deliveryRows(deliveryApp.app, launched.id)).filter((row) => row.state === 'outbox').length >= 5);
    const paused = await shop.client.put(`/api/campaign/pause-campaign/${launched.id}`);
    expect(paused.json().status).toBe('PAUSED');
    const pausedAt = Date.now();
    await sleep(MINUTE_MS * 3);
    let rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.filter((row) => row.state === 'outbox')).toHaveLength(5);
    expect(rows.filter((row) => row.state === 'queued')).toHaveLength(10);
    expect(rows.every((row) => !row.sentAt || new Date(row.sentAt).getTime() <= pausedAt + 1000)).toBe(true);
    expect((await listedCampaign(shop, launched.id)).status).toBe('PAUSED');

    const resumed = await shop.client.put(`/api/campaign/start-campaign/${launched.id}`);
    expect(resumed.json()).toMatchObject({ status: 'IN_PROGRESS', startTime: launched.startTime });
    const resumedAt = Date.now();
    expect((await finishedCampaign(shop, launched.id)).status).toBe('COMPLETED');
    rows = await deliveryRows(deliveryApp.app, launched.id);
    const after = rows.filter((row) => new Date(row.sentAt!).getTime() >= resumedAt - 50).map((row) => new Date(row.sentAt!).getTime());
    expect(after).toHaveLength(10);
    const resumedBatches = batches(after.map((time) => time - after[0]!), MINUTE_MS);
    expect(resumedBatches.map((batch) => batch.length)).toEqual([5, 5]);
    expect(after[0]! - resumedAt).toBeLessThan(1000);
  });

  it('cancel stops sending and marks the rest canceled', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 12);
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter, { sendAllAtOnce: false, interval: 1, intervalSize: 5 });
    await waitFor(async () => (await deliveryRows(deliveryApp.app, launched.id)).some((row) => row.state === 'outbox'));
    const canceled = await shop.client.put(`/api/campaign/cancel-campaign/${launched.id}`);
    expect(canceled.json().status).toBe('CANCELED');
    await sleep(MINUTE_MS * 3);
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.filter((row) => row.state === 'outbox')).toHaveLength(5);
    expect(rows.filter((row) => row.state === 'canceled')).toHaveLength(7);
    expect((await listedCampaign(shop, launched.id)).status).toBe('CANCELED');
    expect((await details(launched.id)).counts).toMatchObject({ recipients: 12, outbox: 5, canceled: 7 });
  });

  it('a contact who unsubscribes while the campaign runs is skipped from that moment', async () => {
    const shop = await ownBusiness();
    const ids = await addContacts(deliveryApp.app, shop.businessId, 8);
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter, { sendAllAtOnce: false, interval: 1, intervalSize: 5 });
    await waitFor(async () => (await deliveryRows(deliveryApp.app, launched.id)).some((row) => row.state === 'outbox'));
    await deliveryApp.app.db.update(contacts).set({ status: 'UNSUBSCRIBED' }).where(eq(contacts.id, ids[7]!));
    await finishedCampaign(shop, launched.id);
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.find((row) => row.contactId === ids[7])).toMatchObject({ state: 'skipped', error: 'Not sent: the contact unsubscribed or was deleted.' });
    expect(rows.filter((row) => row.state === 'outbox')).toHaveLength(7);
  });
});

describe('starting', () => {
  it('a scheduled campaign starts at its start time', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 3);
    const filter = await createFilter(shop);
    const startTime = new Date(Date.now() + 1500);
    const scheduled = await createCampaign(shop, filter, { startTime: startTime.toISOString() });
    expect(scheduled.status).toBe('CREATED');
    await sleep(500);
    expect((await listedCampaign(shop, scheduled.id)).status).toBe('CREATED');
    expect(await deliveryRows(deliveryApp.app, scheduled.id)).toEqual([]);
    const finished = await finishedCampaign(shop, scheduled.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', startTime: startTime.toISOString() });
    const first = Math.min(...(await deliveryRows(deliveryApp.app, scheduled.id)).map((row) => new Date(row.sentAt!).getTime()));
    expect(first).toBeGreaterThanOrEqual(startTime.getTime());
    expect(first - startTime.getTime()).toBeLessThan(1500);
  });

  it('without a worker running, campaigns wait; a worker started later sends the due scheduled and the running ones', async () => {
    const webOnly = await startDeliveryApp({}, { worker: false });
    try {
      const shop = await signedInOwner(webOnly.app);
      await addContacts(webOnly.app, shop.businessId, 4);
      const filter = await createFilter(shop);
      const launched = await launchCampaign(shop, filter);
      const scheduled = await createCampaign(shop, filter, { startTime: new Date(Date.now() + 300).toISOString() });
      await sleep(800);
      expect((await listedCampaign(shop, launched.id)).counts.recipients).toBe(0);
      expect((await listedCampaign(shop, scheduled.id)).status).toBe('CREATED');

      // As a restarted `npm start` or `npm run worker` would.
      const worker = new DeliveryWorker(webOnly.app.db, webOnly.app.delivery, webOnly.config, webOnly.app.log);
      await worker.start();
      try {
        expect(await finishedCampaign(shop, launched.id)).toMatchObject({ status: 'COMPLETED', counts: { recipients: 4 } });
        expect(await finishedCampaign(shop, scheduled.id)).toMatchObject({ status: 'COMPLETED', counts: { recipients: 4 } });
      } finally {
        await worker.stop();
      }
    } finally {
      await webOnly.close();
    }
  });

  it('a canceled scheduled campaign never starts', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 2);
    const filter = await createFilter(shop);
    const scheduled = await createCampaign(shop, filter, { startTime: new Date(Date.now() + 500).toISOString() });
    await shop.client.put(`/api/campaign/cancel-campaign/${scheduled.id}`);
    await sleep(1500);
    expect((await listedCampaign(shop, scheduled.id)).status).toBe('CANCELED');
    expect(await deliveryRows(deliveryApp.app, scheduled.id)).toEqual([]);
  });
});

describe('configuration', () => {
  it('reads the delivery settings with their defaults', () => {
    const config = loadConfig({});
    expect(config.delivery).toMatchObject({
      appUrl: 'http://localhost:3000',
      smtpUrl: null,
      twilio: { accountSid: null, authToken: null, baseUrl: 'https://api.twilio.com' },
      minuteMs: 60_000,
      workerInWeb: true,
      maxAttempts: 5,
    });
    expect(loadConfig({ PORT: '8080' }).delivery.appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://app.example.com/' }).delivery.appUrl).toBe('https://app.example.com');
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'nope' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ DELIVERY_LEASE_MS: '1000', DELIVERY_SEND_TIMEOUT_MS: '1000' })).toThrow(/DELIVERY_LEASE_MS/);
  });
});
