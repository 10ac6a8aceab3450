import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, contacts } from '../../server/db/schema';
import type { CampaignDetails } from '../../server/sending/details';
import {
  addContacts,
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  listedCampaign,
  signedInOwner,
  startDeliveryApp,
  waitFor,
  withDeliveryApp,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { SmtpSink } from '../support/smtp-sink';

const APP_URL = 'https://reviews.example.com';
const RETRY_BASE_MS = 600;

let sink: SmtpSink;
let deliveryApp: DeliveryApp;
let owner: Owner;

beforeAll(async () => {
  sink = await SmtpSink.start();
  deliveryApp = await startDeliveryApp({
    SMTP_URL: sink.url,
    APP_URL,
    MAIL_FROM: 'Corner Bakery <hello@bakery.example>',
    DELIVERY_RETRY_BASE_MS: String(RETRY_BASE_MS),
    DELIVERY_MAX_ATTEMPTS: '3',
    DELIVERY_SEND_TIMEOUT_MS: '3000',
    DELIVERY_LEASE_MS: '10000',
  });
  owner = await signedInOwner(deliveryApp.app);
});
afterAll(async () => {
  await deliveryApp?.close();
  await sink?.close();
});

/** A new business of the owner with `count` contacts and a filter for all of them. */
async function audience(count: number, make?: Parameters<typeof addContacts>[3]) {
  const business = await owner.client.createBusiness({ name: 'Corner Bakery' });
  const shop = { ...owner, businessId: business.id };
  await deliveryApp.app.db.update(businesses).set({ reviewSites: [{ name: 'Google', url: 'https://g.page/r/bakery/review' }] }).where(eq(businesses.id, business.id));
  const ids = await addContacts(deliveryApp.app, business.id, count, make);
  return { shop, ids, filter: await createFilter(shop) };
}

const post = (url: string, payload: string, contentType = 'application/x-www-form-urlencoded') =>
  deliveryApp.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, origin: 'https://mail.example.net' } });

describe('email over SMTP', () => {
  it('sends each recipient their own message with a one-click unsubscribe link and headers', async () => {
    const { shop, filter } = await audience(3);
    const launched = await launchCampaign(shop, filter, { subject: 'A treat for ${firstName}', messageBody: 'Hi ${firstName}, review us: ${reviewLink}' });
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: 3, sent: 3, failed: 0 } });

    const rows = await deliveryRows(deliveryApp.app, launched.id);
    for (const [i, row] of rows.entries()) {
      const [email, ...more] = sink.emailsTo(row.address);
      expect(more).toEqual([]);
      const link = `${APP_URL}/api/unsubscribe/${row.unsubscribeToken}`;
      expect(email!.from).toBe('hello@bakery.example');
      expect(email!.headers.from).toBe('Corner Bakery <hello@bakery.example>');
      expect(email!.headers.subject).toBe(`A treat for Ann${i}`);
      expect(email!.headers['list-unsubscribe']).toBe(`<${link}>`);
      expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(row.reviewToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(email!.text).toContain(`Hi Ann${i}, review us: ${APP_URL}/r/${row.reviewToken}`);
      expect(email!.text).toContain(`unsubscribe: ${link}`);
      expect(row).toMatchObject({ state: 'sent', attempts: 1, error: null, providerId: email!.headers['message-id'] });
    }
    const details = (await shop.client.get(`/api/campaign/get-campaign-details/${launched.id}`)).json() as CampaignDetails;
    expect(details.channel).toMatchObject({ name: 'smtp', delivers: true });
    expect(details.counts).toMatchObject({ recipients: 3, sent: 3 });
    expect(details.recipients.items[0]!.message).toBeNull();
  });

  it('the unsubscribe link shows a confirmation page; posting it (one click, from anywhere) unsubscribes the contact', async () => {
    const { shop, filter, ids } = await audience(2);
    const launched = await launchCampaign(shop, filter);
    await finishedCampaign(shop, launched.id);
    const [first, second] = await deliveryRows(deliveryApp.app, launched.id);
    const url = `/api/unsubscribe/${first!.unsubscribeToken}`;
    const status = async (id: number) => (await deliveryApp.app.db.select({ status: contacts.status }).from(contacts).where(eq(contacts.id, id)))[0]!.status;

    const page = await deliveryApp.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Unsubscribe from Corner Bakery?');
    expect(page.body).toContain('<form method="post">');
    expect(await status(ids[0]!)).toBe('ACTIVE');

    const oneClick = await post(url, 'List-Unsubscribe=One-Click');
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await status(ids[0]!)).toBe('UNSUBSCRIBED');
    expect(await status(ids[1]!)).toBe('ACTIVE');
    expect((await deliveryApp.app.inject({ method: 'GET', url })).body).toContain('You are unsubscribed');

    const boundary = 'xyz';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    expect((await post(`/api/unsubscribe/${second!.unsubscribeToken}`, multipart, `multipart/form-data; boundary=${boundary}`)).statusCode).toBe(200);
    expect(await status(ids[1]!)).toBe('UNSUBSCRIBED');

    for (const token of ['00000000-0000-4000-8000-000000000000', 'not-a-token']) {
      const missing = await deliveryApp.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('This unsubscribe link is not valid');
      expect((await post(`/api/unsubscribe/${token}`, 'List-Unsubscribe=One-Click')).statusCode).toBe(404);
    }
  });

  it('while a retry waits, the recipient is queued with its next attempt and the campaign is not completed', async () => {
    // An hour's backoff: the waiting state lasts as long as the test looks at it.
    await withDeliveryApp({ SMTP_URL: sink.url, DELIVERY_RETRY_BASE_MS: '3600000' }, async (slowRetry) => {
      const shop = await signedInOwner(slowRetry.app);
      // Addresses of their own: this app numbers its businesses from 1 again.
      await addContacts(slowRetry.app, shop.businessId, 3, (i) => ({ email: `waiting${i}@example.com` }));
      const retried = 'waiting1@example.com';
      sink.refuse(retried, 451, '4.3.0 Mailbox busy, try later', 1);
      const launchedAt = Date.now();
      const launched = await launchCampaign(shop, await createFilter(shop));
      await waitFor(async () => {
        const rows = await deliveryRows(slowRetry.app, launched.id);
        return rows.filter((row) => row.state === 'sent').length === 2 && rows.find((row) => row.address === retried)?.state === 'queued';
      }, 30_000, 'two sent and one waiting');
      const row = (await deliveryRows(slowRetry.app, launched.id)).find((candidate) => candidate.address === retried);
      expect(row).toMatchObject({ attempts: 1, error: expect.stringContaining('451 4.3.0 Mailbox busy') });
      expect((await listedCampaign(shop, launched.id)).status).toBe('IN_PROGRESS');
      const details = (await shop.client.get(`/api/campaign/get-campaign-details/${launched.id}?state=queued`)).json() as CampaignDetails;
      const nextAttempt = new Date(details.recipients.items[0]!.nextAttemptAt!).getTime();
      expect(details.recipients.items[0]).toMatchObject({ address: retried, nextAttemptAt: expect.stringMatching(/Z$/) });
      // One base delay ±10 % after the refusal.
      expect(nextAttempt).toBeGreaterThanOrEqual(launchedAt + 0.9 * 3_600_000);
      expect(nextAttempt).toBeLessThanOrEqual(Date.now() + 1.1 * 3_600_000);
    });
  });

  it('retries a temporary refusal (4xx) after the backoff, and completes once it went out', async () => {
    const { shop, filter } = await audience(3);
    const retried = `ann1.${shop.businessId}@example.com`;
    sink.refuse(retried, 451, '4.3.0 Mailbox busy, try later', 1);
    const launched = await launchCampaign(shop, filter);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: 3, sent: 3, failed: 0 } });
    const row = (await deliveryRows(deliveryApp.app, launched.id)).find((candidate) => candidate.address === retried)!;
    expect(row).toMatchObject({ state: 'sent', attempts: 2, error: null });
    expect(sink.emailsTo(retried)).toHaveLength(1);
    // Never sooner than the backoff allows (the first retry waits the base delay, -10 % at most).
    const refusedAt = sink.refusals.find((refusal) => refusal.address === retried)!.at;
    expect(sink.emailsTo(retried)[0]!.receivedAt - refusedAt).toBeGreaterThanOrEqual(0.9 * RETRY_BASE_MS);
  });

  it('records a permanent refusal (5xx) with the server’s reason, and gives up on a temporary one after the last attempt', async () => {
    const { shop, filter } = await audience(3);
    const rejected = `ann0.${shop.businessId}@example.com`;
    const busy = `ann2.${shop.businessId}@example.com`;
    sink.refuse(rejected, 550, '5.1.1 No such user here');
    sink.refuse(busy, 421, '4.7.0 Come back later');
    const launched = await launchCampaign(shop, filter);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: 3, sent: 1, failed: 2 } });
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.find((row) => row.address === rejected)).toMatchObject({ state: 'failed', attempts: 1, error: expect.stringMatching(/^550 5\.1\.1 No such user here/) });
    expect(rows.find((row) => row.address === busy)).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: expect.stringMatching(/4\.7\.0 Come back later.*\(gave up after 3 attempts\)$/),
    });
  });

  it('a batch slower than the lease keeps its claims (renewed) and is not sent twice', async () => {
    // Each message takes a fifth of the send timeout, so no single one times out however slow the machine.
    sink.delayMs = 200;
    try {
      await withDeliveryApp(
        { SMTP_URL: sink.url, SMTP_MAX_CONNECTIONS: '1', DELIVERY_BATCH_SIZE: '20', DELIVERY_LEASE_MS: '2000', DELIVERY_SEND_TIMEOUT_MS: '1000' },
        async (slow) => {
          const shop = await signedInOwner(slow.app);
          await addContacts(slow.app, shop.businessId, 20);
          const launched = await launchCampaign(shop, await createFilter(shop));
          // One batch of 20 at 200 ms each over one connection: twice the lease.
          const finished = await finishedCampaign(shop, launched.id);
          expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: 20, sent: 20 } });
          const rows = await deliveryRows(slow.app, launched.id);
          expect(rows.every((row) => row.attempts === 1)).toBe(true);
          for (const row of rows) expect(sink.countByRecipient.get(row.address)).toBe(1);
        },
      );
    } finally {
      sink.delayMs = 0;
    }
  });

  it('fails the campaign when every send failed, with the reason', async () => {
    const { shop, filter } = await audience(2);
    for (const i of [0, 1]) sink.refuse(`ann${i}.${shop.businessId}@example.com`, 554, '5.7.1 Relay access denied');
    const launched = await launchCampaign(shop, filter);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished.status).toBe('FAILED');
    expect(finished.failureReason).toMatch(/^All 2 messages failed\. Most common reason: 554 5\.7\.1 Relay access denied/);
    expect(finished.counts).toEqual({ recipients: 2, sent: 0, failed: 2, outbox: 0 });
  });
});
