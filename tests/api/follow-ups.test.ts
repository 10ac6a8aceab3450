import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, contacts } from '../../server/db/schema';
import {
  addContacts,
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  signedInOwner,
  sleep,
  startDeliveryApp,
  waitFor,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';

// A reminder "day" of one second: a 3-day reminder falls due 3 s after the last first message.
const DAY_MS = 1000;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let deliveryApp: DeliveryApp;
let owner: Owner;
beforeAll(async () => {
  deliveryApp = await startDeliveryApp({ REMINDER_DAY_MS: String(DAY_MS), DELIVERY_SWEEP_MS: '300' });
  owner = await signedInOwner(deliveryApp.app);
});
afterAll(() => deliveryApp?.close());

const open = (url: string, userAgent = CHROME) => deliveryApp.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });
const details = async (shop: Owner, id: number) => (await shop.client.get(`/api/campaign/get-campaign-details/${id}`)).json();

async function newShop(count: number, capDays?: number) {
  const business = await owner.client.createBusiness({ name: 'Reminder Bakery' });
  const shop = { ...owner, businessId: business.id, businessName: business.name };
  await deliveryApp.app.db
    .update(businesses)
    .set({ reviewSites: [{ name: 'Google', url: 'https://g.page/r/x' }], ...(capDays === undefined ? {} : { reviewRequestCapDays: capDays }) })
    .where(eq(businesses.id, business.id));
  const ids = await addContacts(deliveryApp.app, business.id, count, (i) => ({ firstName: `Guest${i}` }));
  return { shop, ids, filter: await createFilter(shop) };
}

describe('follow-up reminders', () => {
  it('go only to recipients who never opened their page as a person and are still subscribed, with their own link', async () => {
    const { shop, ids, filter } = await newShop(4);
    const launched = await launchCampaign(shop, filter, {
      subject: 'How was it, ${firstName}?',
      messageBody: 'Hi ${firstName}, review us: ${reviewLink}',
      followUp: { afterDays: 3, messageBody: 'Reminder for ${firstName}: ${reviewLink}', subject: '' },
    });
    expect(launched.followUp).toEqual({ afterDays: 3, messageBody: 'Reminder for ${firstName}: ${reviewLink}', subject: null });
    const completed = await finishedCampaign(shop, launched.id);
    const first = await deliveryRows(deliveryApp.app, launched.id);
    // Completed, with the reminder still to come: its card says when (3 "days" after the last first message).
    const lastSent = Math.max(...first.map((row) => new Date(row.sentAt!).getTime()));
    // Within a millisecond: the database keeps microseconds, the driver's Date does not.
    expect(Math.abs(Date.parse(completed.reminderDueAt!) - (lastSent + 3 * DAY_MS))).toBeLessThanOrEqual(1);
    await sleep(2100); // past the "just sent" window: these openings are a person's or a scanner's
    expect((await open(`/r/${first[0]!.reviewToken}`)).statusCode).toBe(200);
    expect((await open(`/r/${first[1]!.reviewToken}`, 'Slackbot-LinkExpanding 1.0')).statusCode).toBe(200);
    await deliveryApp.app.db.update(contacts).set({ status: 'UNSUBSCRIBED' }).where(eq(contacts.id, ids[3]!));

    const reminded = await waitFor(async () => {
      const rows = (await deliveryRows(deliveryApp.app, launched.id)).filter((row) => row.followUp);
      return rows.length > 0 && rows.every((row) => row.state === 'outbox') ? rows : undefined;
    }, 20_000, 'the reminders');
    expect(reminded.map((row) => row.contactId)).toEqual([ids[1], ids[2]]);
    expect(reminded[0]).toMatchObject({
      subject: 'How was it, Guest1?',
      body: `Reminder for Guest1: ${deliveryApp.config.delivery.appUrl}/r/${first[1]!.reviewToken}`,
      reviewToken: null,
    });
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: 4 } });
    expect(finished.reminderDueAt).toBeNull();
    const answer = await details(shop, launched.id);
    expect(answer.reminders).toEqual({ recipients: 2, sent: 2 });
    // Sends per minute count the reminders apart from the first messages.
    const sum = (key: 'outbox' | 'reminders') => answer.timeline.reduce((total: number, minute: Record<string, number>) => total + minute[key]!, 0);
    expect([sum('outbox'), sum('reminders')]).toEqual([4, 2]);
    expect(answer.recipients.total).toBe(4);
    // Queued once, however many sweeps run.
    await sleep(1000);
    expect((await deliveryRows(deliveryApp.app, launched.id)).filter((row) => row.followUp)).toHaveLength(2);
  });

  it('are refused with the field messages when invalid, and only for review requests', async () => {
    const { shop, filter } = await newShop(1);
    const body = (followUp: unknown, messageBody = 'Review us: ${reviewLink}') => ({
      name: `Refused ${Date.now()}`,
      type: 'SMS',
      interval: 1,
      intervalSize: 5,
      messageBody,
      businessId: shop.businessId,
      contactFilterId: filter.id,
      followUp,
    });
    const cases: Array<[unknown, string | undefined, string, string]> = [
      [{ afterDays: 0, messageBody: 'Again ${reviewLink}' }, undefined, 'followUp.afterDays', 'Remind after a whole number of days from 1 to 30'],
      [{ afterDays: 31, messageBody: 'Again ${reviewLink}' }, undefined, 'followUp.afterDays', 'Remind after a whole number of days from 1 to 30'],
      [{ afterDays: 2, messageBody: ' ' }, undefined, 'followUp.messageBody', 'Reminder message is required'],
      [{ afterDays: 2, messageBody: 'Hi ${nickname}' }, undefined, 'followUp.messageBody', 'Unknown variable: ${nickname}'],
      [{ afterDays: 2, messageBody: 'Again' }, 'Thanks for visiting', 'followUp.messageBody', 'A reminder is for review requests: use ${reviewLink} in the message.'],
    ];
    for (const [followUp, messageBody, field, message] of cases) {
      const response = await shop.client.post('/api/campaign/create-new-campaign', body(followUp, messageBody));
      expect(response.statusCode, JSON.stringify(followUp)).toBe(400);
      expect(response.json().errors[field]).toContain(message);
    }
  });
});

describe('the per-contact cap', () => {
  it('skips contacts asked within the cap, lists them as skipped, and 0 turns it off', async () => {
    const { shop, ids, filter } = await newShop(3);
    const first = await launchCampaign(shop, filter);
    await finishedCampaign(shop, first.id);

    // Not a review request: not capped.
    const news = await launchCampaign(shop, filter, { subject: 'News', messageBody: 'We have new cakes, ${firstName}!' });
    expect(await finishedCampaign(shop, news.id)).toMatchObject({ status: 'COMPLETED', counts: { outbox: 3 } });

    const second = await launchCampaign(shop, filter);
    expect(await finishedCampaign(shop, second.id)).toMatchObject({ status: 'COMPLETED', failureReason: null, counts: { recipients: 3, outbox: 0 } });
    const rows = await deliveryRows(deliveryApp.app, second.id);
    expect(rows.map((row) => [row.contactId, row.state, row.error, row.reviewToken])).toEqual(
      // A test "day" is a second: on a busy machine the first round may be one or more "days" old by now.
      ids.map((id) => [id, 'skipped', expect.stringMatching(/^skipped: asked \d+ days? ago$/), null]),
    );
    expect((await details(shop, second.id)).capped).toBe(3);

    const business = (await shop.client.get('/api/business/get-current-users-businesses')).json().find((entry: { id: number }) => entry.id === shop.businessId);
    const off = await shop.client.put(`/api/business/update-business/${shop.businessId}`, { ...business, id: undefined, reviewRequestCapDays: 0 });
    expect(off.statusCode, off.body).toBe(200);
    const third = await launchCampaign(shop, filter);
    expect(await finishedCampaign(shop, third.id)).toMatchObject({ counts: { recipients: 3, outbox: 3 } });
  });

  it('counts days in the configured unit: a request older than the cap does not skip', async () => {
    const { shop, filter } = await newShop(2, 2);
    const first = await launchCampaign(shop, filter);
    await finishedCampaign(shop, first.id);
    await deliveryApp.app.db.execute(sql`update deliveries set sent_at = sent_at - interval '1500 milliseconds' where campaign_id = ${first.id}`);
    const capped = await launchCampaign(shop, filter);
    await finishedCampaign(shop, capped.id);
    expect((await deliveryRows(deliveryApp.app, capped.id)).map((row) => row.error)).toEqual(['skipped: asked 1 day ago', 'skipped: asked 1 day ago']);
    await deliveryApp.app.db.execute(sql`update deliveries set sent_at = sent_at - interval '3 seconds' where campaign_id = ${first.id}`);
    const again = await launchCampaign(shop, filter);
    expect(await finishedCampaign(shop, again.id)).toMatchObject({ counts: { recipients: 2, outbox: 2 } });
  });
});
