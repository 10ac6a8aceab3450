import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { queryRows } from '../../server/db/client';
import { businesses, campaigns, deliveries } from '../../server/db/schema';
import { claimDeliveries, recordOutcomes, releaseStaleClaims, renewClaims } from '../../server/sending/claims';
import type { CampaignDetails } from '../../server/sending/details';
import { DeliveryWorker } from '../../server/sending/engine';
import { currentWindow, lateToleranceMs, retryDelayMs } from '../../server/sending/pacing';
import { QUEUES } from '../../server/sending/queue';
import { fixRecipients } from '../../server/sending/recipients';
import {
  addContacts,
  createCampaign,
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  listedCampaign,
  sendBatches,
  signedInOwner,
  sleep,
  startDeliveryApp,
  stateCounts,
  waitFor,
  withDeliveryApp,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { SmtpSink } from '../support/smtp-sink';
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
async function ownBusiness(inApp = deliveryApp, of = owner): Promise<Owner> {
  const business = await of.client.createBusiness({ name: 'Corner Bakery' });
  await inApp.app.db.update(businesses).set({ reviewSites: [{ name: 'Google', url: REVIEW_LINK }] }).where(eq(businesses.id, business.id));
  return { ...of, businessId: business.id };
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
    expect(finished).toMatchObject({ status: 'COMPLETED', failureReason: null, counts: { recipients: 3, sent: 0, failed: 0, outbox: 3 } });
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.map((row) => row.contactId)).not.toContain(unsubscribed);
    expect(rows.map((row) => row.state)).toEqual(['outbox', 'outbox', 'outbox']);
    expect(rows[0]).toMatchObject({
      contactId: vip1,
      address: `ann0.${shop.businessId}@example.com`,
      subject: 'For Anna',
      body: `Hi Anna, review Corner Bakery: ${deliveryApp.config.delivery.appUrl}/r/${rows[0]!.reviewToken}`,
      attempts: 1,
    });
    // Every recipient has a review page of their own.
    expect(new Set(rows.map((row) => row.reviewToken)).size).toBe(3);
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

  it('a matching contact without the campaign’s channel is listed as skipped with the reason, counted like other skips', async () => {
    const shop = await ownBusiness();
    const [both, noEmail, noPhone] = await addContacts(deliveryApp.app, shop.businessId, 3, (i) => ({
      ...(i === 1 ? { email: null } : {}),
      ...(i === 2 ? { phoneNumber: null } : {}),
    }));
    const filter = await createFilter(shop, [{ attribute: 'firstName', operator: 'BEGINS_WITH', value: 'Ann' }]);
    for (const [type, skipped, reason] of [['EMAIL', noEmail, 'skipped: no email address'], ['SMS', noPhone, 'skipped: no phone number']] as const) {
      const launched = await launchCampaign(shop, filter, { type, messageBody: 'Hi ${firstName}', ...(type === 'SMS' ? { subject: null } : {}) });
      expect(await finishedCampaign(shop, launched.id)).toMatchObject({ status: 'COMPLETED' });
      const rows = await deliveryRows(deliveryApp.app, launched.id);
      expect(rows.map(({ contactId, state, error }) => ({ contactId, state, error })).sort((a, b) => a.contactId! - b.contactId!)).toEqual(
        [both, noEmail, noPhone].map((contactId) => (contactId === skipped ? { contactId, state: 'skipped', error: reason } : { contactId, state: 'outbox', error: null })),
      );
      expect((await details(launched.id)).counts).toMatchObject({ recipients: 3, outbox: 2, skipped: 1 });
    }
  });

  it('none: the campaign fails, saying why', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 2);
    const filter = await createFilter(shop, [{ attribute: 'firstName', operator: 'BEGINS_WITH', value: 'Nobody' }]);
    const launched = await launchCampaign(shop, filter);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished.status).toBe('FAILED');
    expect(finished.failureReason).toBe(`No recipients: no active contact matching “${filter.name}” has an email address.`);
    expect(finished.counts).toEqual({ recipients: 0, sent: 0, failed: 0, outbox: 0 });
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
    expect(answer.timeline[0]).toEqual({ minute: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/), sent: 0, outbox: expect.any(Number), failed: 0, reminders: 0 });
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
      step: null,
      rating: null,
      feedback: false,
      bounce: null,
      message: { subject: 'Hello Ann0', body: expect.stringMatching(/^Hi Ann0, please review Corner Bakery: http:\/\/localhost:\d+\/r\/[A-Za-z0-9_-]{22}$/) },
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

/**
 * The least time between two batches of a paced campaign: a batch is not sent before one interval
 * after the previous one was claimed, less the lateness a window absorbs (server/sending/pacing.ts).
 */
const BATCH_GAP_MS = MINUTE_MS - lateToleranceMs(MINUTE_MS);
const PACED = { sendAllAtOnce: false, interval: 1, intervalSize: 5 };

/** Checks that each batch left no sooner than the pacing allows after the one before. */
function expectPaced(batches: Awaited<ReturnType<typeof sendBatches>>) {
  for (let i = 1; i < batches.length; i += 1) {
    expect(batches[i]!.firstSentMs - batches[i - 1]!.claimedMs, `batch ${i + 1}`).toBeGreaterThanOrEqual(BATCH_GAP_MS);
  }
}

describe('pacing', () => {
  it('sends intervalSize recipients every interval, the first batch at the start, never sooner', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 12);
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter, PACED);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished.status).toBe('COMPLETED');
    const batches = await sendBatches(deliveryApp.app, launched.id);
    expect(batches.map((batch) => batch.size)).toEqual([5, 5, 2]);
    expectPaced(batches);
  });

  it('sends all at once in batches of DELIVERY_BATCH_SIZE, not intervalSize at a time', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 300);
    const filter = await createFilter(shop);
    const launched = await launchCampaign(shop, filter, { interval: 1, intervalSize: 5 });
    expect((await finishedCampaign(shop, launched.id)).status).toBe('COMPLETED');
    const batches = await sendBatches(deliveryApp.app, launched.id);
    expect(batches.reduce((total, batch) => total + batch.size, 0)).toBe(300);
    // Paced, 300 recipients at 5 per interval would be 60 batches; at once, 50 are claimed at a time.
    expect(Math.max(...batches.map((batch) => batch.size))).toBe(deliveryApp.config.delivery.batchSize);
    expect(batches.length).toBeLessThanOrEqual(300 / deliveryApp.config.delivery.batchSize + deliveryApp.config.delivery.lanes);
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

  it('a paced campaign is sent by one lane, one sent all at once by DELIVERY_LANES lanes', async () => {
    // Without a worker the lane jobs stay queued, where they can be counted.
    await withDeliveryApp({ DELIVERY_LANES: '3' }, async (webOnly) => {
      const shop = await signedInOwner(webOnly.app);
      await addContacts(webOnly.app, shop.businessId, 2);
      const filter = await createFilter(shop);
      const paced = await launchCampaign(shop, filter, PACED);
      const atOnce = await launchCampaign(shop, filter);
      const lanes = async (campaignId: number) =>
        (
          await queryRows<{ lane: number }>(
            webOnly.app.db,
            sql`select (data->>'lane')::int as lane from pgboss.job
                where name = ${QUEUES.lane} and (data->>'campaignId')::int = ${campaignId} order by 1`,
          )
        ).map((row) => row.lane);
      expect(await lanes(paced.id)).toEqual([0]);
      expect(await lanes(atOnce.id)).toEqual([0, 1, 2]);
    }, { worker: false });
  });
});

/** Recipients of one business in the sink, each with how many messages they got. */
const receivedBy = (sink: SmtpSink, businessId: number) =>
  [...sink.countByRecipient.entries()].filter(([address]) => address.endsWith(`.${businessId}@example.com`));

// The SMTP server holds the first batch unanswered while the test pauses, cancels or unsubscribes:
// what happens next depends on the order of events, never on how fast the machine is.
describe('pause, resume, cancel (a batch held in flight at the SMTP server)', () => {
  let sink: SmtpSink;
  let smtpApp: DeliveryApp;
  let smtpOwner: Owner;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    // No periodic sweep during a test: a lane that runs after a resume was queued by the resume.
    smtpApp = await startDeliveryApp({ SMTP_URL: sink.url, PACING_MINUTE_MS: String(MINUTE_MS), DELIVERY_SWEEP_MS: '3600000' });
    smtpOwner = await signedInOwner(smtpApp.app, REVIEW_LINK);
  });
  // A failed test must not leave the next one's messages held.
  afterEach(() => sink.gate.release());
  afterAll(async () => {
    await smtpApp?.close();
    await sink?.close();
  });

  /** A paced campaign to `count` new contacts whose first batch of 5 is held at the SMTP server. */
  async function campaignWithBatchInFlight(count: number) {
    const shop = await ownBusiness(smtpApp, smtpOwner);
    const ids = await addContacts(smtpApp.app, shop.businessId, count);
    const filter = await createFilter(shop);
    sink.gate.hold();
    const launched = await launchCampaign(shop, filter, PACED);
    await sink.gate.whenHeld(5);
    expect(await stateCounts(smtpApp.app, launched.id)).toEqual({ sending: 5, queued: count - 5 });
    return { shop, ids, launched };
  }

  it('pause lets only the batch in flight go out; start resumes where it stopped, at the pace', async () => {
    const { shop, launched } = await campaignWithBatchInFlight(15);
    const paused = await shop.client.put(`/api/campaign/pause-campaign/${launched.id}`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().status).toBe('PAUSED');
    sink.gate.release();
    await waitFor(async () => (await stateCounts(smtpApp.app, launched.id)).sent === 5, 30_000, 'the batch in flight');
    // Three intervals later, still nothing more: the campaign waits.
    await sleep(MINUTE_MS * 3);
    expect(await stateCounts(smtpApp.app, launched.id)).toEqual({ sent: 5, queued: 10 });
    expect(receivedBy(sink, shop.businessId)).toHaveLength(5);
    // Waiting for their first try, they have no "next try" time (it would be one already past).
    const queued = (await shop.client.get(DETAILS(launched.id, '?state=queued'))).json() as CampaignDetails;
    expect(queued.recipients.items.map((item) => item.nextAttemptAt)).toEqual(Array(10).fill(null));
    expect((await listedCampaign(shop, launched.id)).status).toBe('PAUSED');

    const resumeCalledAt = Date.now();
    const resumed = await shop.client.put(`/api/campaign/start-campaign/${launched.id}`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'IN_PROGRESS', startTime: launched.startTime });
    expect((await finishedCampaign(shop, launched.id)).status).toBe('COMPLETED');
    const batches = await sendBatches(smtpApp.app, launched.id);
    expect(batches.map((batch) => batch.size)).toEqual([5, 5, 5]);
    expect(batches[1]!.firstSentMs).toBeGreaterThanOrEqual(resumeCalledAt);
    expectPaced(batches);
    const received = receivedBy(sink, shop.businessId);
    expect(received).toHaveLength(15);
    expect(received.every(([, count]) => count === 1)).toBe(true);
  });

  it('cancel lets only the batch in flight go out and marks the rest canceled', async () => {
    const { shop, launched } = await campaignWithBatchInFlight(12);
    const canceled = await shop.client.put(`/api/campaign/cancel-campaign/${launched.id}`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().status).toBe('CANCELED');
    sink.gate.release();
    await waitFor(async () => (await stateCounts(smtpApp.app, launched.id)).sent === 5, 30_000, 'the batch in flight');
    await sleep(MINUTE_MS * 3);
    expect(await stateCounts(smtpApp.app, launched.id)).toEqual({ sent: 5, canceled: 7 });
    expect(receivedBy(sink, shop.businessId)).toHaveLength(5);
    expect((await listedCampaign(shop, launched.id)).status).toBe('CANCELED');
    const answer = await shop.client.get(DETAILS(launched.id));
    expect((answer.json() as CampaignDetails).counts).toMatchObject({ recipients: 12, sent: 5, canceled: 7, queued: 0, sending: 0 });
  });

  it('a contact who unsubscribes while the campaign runs is skipped from that moment', async () => {
    const { shop, ids, launched } = await campaignWithBatchInFlight(8);
    const last = (await deliveryRows(smtpApp.app, launched.id)).find((row) => row.contactId === ids[7])!;
    const unsubscribe = await smtpApp.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${last.unsubscribeToken}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribe.statusCode).toBe(200);
    sink.gate.release();
    expect((await finishedCampaign(shop, launched.id)).status).toBe('COMPLETED');
    const rows = await deliveryRows(smtpApp.app, launched.id);
    expect(rows.find((row) => row.contactId === ids[7])).toMatchObject({ state: 'skipped', error: 'Not sent: the contact unsubscribed or was deleted.' });
    expect(rows.filter((row) => row.state === 'sent')).toHaveLength(7);
    expect(sink.countByRecipient.get(last.address)).toBeUndefined();
  });
});

describe('claims', () => {
  it('a stale claim cannot record an outcome once its recipient was claimed again; the new claim can', async () => {
    await withDeliveryApp({}, async (webOnly) => {
      const { maxAttempts, retryBaseMs, leaseMs } = webOnly.config.delivery;
      const shop = await signedInOwner(webOnly.app);
      await addContacts(webOnly.app, shop.businessId, 1);
      const launched = await launchCampaign(shop, await createFilter(shop));
      const campaign = (await fixRecipients(webOnly.app.db, launched.id, webOnly.config.delivery))!;
      const [stale] = (await claimDeliveries(webOnly.app.db, campaign, 10, webOnly.config.delivery)).messages;
      expect(stale).toMatchObject({ attempts: 1 });

      // The first worker stops renewing (it hung or died): after the lease its claim is released and taken again.
      await webOnly.app.db.update(deliveries).set({ claimedAt: new Date(Date.now() - 2 * leaseMs) }).where(eq(deliveries.id, stale!.id));
      expect(await releaseStaleClaims(webOnly.app.db, launched.id, leaseMs, maxAttempts)).toBe(1);
      const [current] = (await claimDeliveries(webOnly.app.db, campaign, 10, webOnly.config.delivery)).messages;
      expect(current).toMatchObject({ id: stale!.id, attempts: 2 });

      await recordOutcomes(webOnly.app.db, [{ id: stale!.id, attempts: 1, result: 'failed', error: 'late answer' }], { maxAttempts, retryBaseMs });
      expect(await deliveryRows(webOnly.app, launched.id)).toMatchObject([{ state: 'sending', attempts: 2, error: expect.stringContaining('stopped') }]);
      // Nor does it keep the claim alive.
      const claimedAt = async () => (await webOnly.app.db.select().from(deliveries).where(eq(deliveries.id, stale!.id)))[0]!.claimedAt;
      const claimedByCurrent = await claimedAt();
      await renewClaims(webOnly.app.db, [stale!]);
      expect(await claimedAt()).toEqual(claimedByCurrent);

      await recordOutcomes(webOnly.app.db, [{ id: current!.id, attempts: 2, result: 'outbox' }], { maxAttempts, retryBaseMs });
      expect(await deliveryRows(webOnly.app, launched.id)).toMatchObject([{ state: 'outbox', attempts: 2 }]);
    }, { worker: false });
  });
});

describe('starting', () => {
  it('a scheduled campaign starts at its start time: recipients are fixed and messages sent no sooner', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 3);
    const filter = await createFilter(shop);
    const startTime = new Date(Date.now() + 1500);
    const scheduled = await createCampaign(shop, filter, { startTime: startTime.toISOString() });
    expect(scheduled.status).toBe('CREATED');
    const finished = await finishedCampaign(shop, scheduled.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', startTime: startTime.toISOString() });
    const [times] = await queryRows<{ fixedMs: number; firstSentMs: number }>(
      deliveryApp.app.db,
      sql`select (extract(epoch from min(created_at)) * 1000)::float8 as "fixedMs",
                 (extract(epoch from min(sent_at)) * 1000)::float8 as "firstSentMs"
          from deliveries where campaign_id = ${scheduled.id}`,
    );
    expect(times!.fixedMs).toBeGreaterThanOrEqual(startTime.getTime());
    expect(times!.firstSentMs).toBeGreaterThanOrEqual(startTime.getTime());
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

  it('a canceled scheduled campaign never starts, when its time has come', async () => {
    const shop = await ownBusiness();
    await addContacts(deliveryApp.app, shop.businessId, 2);
    const filter = await createFilter(shop);
    const inOneHour = new Date(Date.now() + 3_600_000).toISOString();
    const canceled = await createCampaign(shop, filter, { startTime: inOneHour });
    const control = await createCampaign(shop, filter, { startTime: inOneHour });
    expect((await shop.client.put(`/api/campaign/cancel-campaign/${canceled.id}`)).json().status).toBe('CANCELED');
    // Their time comes: the worker's sweep starts due scheduled campaigns, the control one among them.
    await deliveryApp.app.db
      .update(campaigns)
      .set({ startTime: new Date(Date.now() - 1000) })
      .where(inArray(campaigns.id, [canceled.id, control.id]));
    expect((await finishedCampaign(shop, control.id)).status).toBe('COMPLETED');
    expect((await listedCampaign(shop, canceled.id)).status).toBe('CANCELED');
    expect(await deliveryRows(deliveryApp.app, canceled.id)).toEqual([]);
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
