import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationMessages, campaignMessages, DEFAULT_AUTOMATION } from '#domain';
import { queryRows } from '../../server/db/client';
import { businesses, contacts, reviewEvents, suppressions } from '../../server/db/schema';
import {
  automationLog,
  automationRequests,
  requestsOnceAll,
  automationSettings,
  checkIn,
  logLineOf,
  logLines,
  saveAutomation,
} from '../support/automation';
import {
  addContacts,
  createFilter,
  finishedCampaign,
  launchCampaign,
  signedInOwner,
  sleep,
  startDeliveryApp,
  waitFor,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { SmtpSink } from '../support/smtp-sink';

// A delay "minute" of 20 ms: the tests' 5-minute delay is 100 ms. A reminder "day" of 5 s.
const MINUTE_MS = 20;
const DAY_MS = 5000;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let sink: SmtpSink;
let deliveryApp: DeliveryApp;
beforeAll(async () => {
  sink = await SmtpSink.start();
  deliveryApp = await startDeliveryApp({ SMTP_URL: sink.url, AUTOMATION_MINUTE_MS: String(MINUTE_MS), REMINDER_DAY_MS: String(DAY_MS), DELIVERY_SWEEP_MS: '500' });
});
afterAll(async () => {
  await deliveryApp?.close();
  await sink?.close();
});

/** A fresh business with a review site and `count` contacts (Guest0 Lee, Guest1 Lee...). */
async function newShop(count: number) {
  const shop = await signedInOwner(deliveryApp.app);
  const ids = await addContacts(deliveryApp.app, shop.businessId, count, (i) => ({ firstName: `Guest${i}` }));
  const emailOf = (i: number) => `ann${i}.${shop.businessId}@example.com`;
  return { shop, ids, emailOf };
}

const automationUrl = (shop: Owner) => `/api/automation/get-automation/${shop.businessId}`;
const open = (url: string, userAgent = CHROME) => deliveryApp.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });
/** The automation campaign a delivery belongs to. */
async function campaignOf(deliveryId: number) {
  const [row] = await queryRows<{ campaignId: number }>(deliveryApp.app.db, sql`select campaign_id as "campaignId" from deliveries where id = ${deliveryId}`);
  return row!.campaignId;
}
const reviewPath = (body: string) => /\/r\/[A-Za-z0-9_-]{22}/.exec(body)![0];

describe('the review automation: settings', () => {
  it('is off with defaults until saved; a refused save says why per field and changes nothing', async () => {
    const { shop } = await newShop(0);
    const initial = await shop.client.get(automationUrl(shop));
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({ ...DEFAULT_AUTOMATION, businessId: shop.businessId, failureReason: null, visits: { total: 0 } });

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ delayMinutes: 0 }, 'delayMinutes', automationMessages.delayInvalid],
      [{ delayMinutes: 43_201 }, 'delayMinutes', automationMessages.delayInvalid],
      [{ delayMinutes: 1.5 }, 'delayMinutes', automationMessages.delayInvalid],
      [{ channel: 'FAX' }, 'channel', automationMessages.channelInvalid],
      [{ enabled: 'yes' }, 'enabled', automationMessages.enabledInvalid],
      [{ messageBody: ' ' }, 'messageBody', campaignMessages.messageBodyRequired],
      [{ messageBody: 'Thanks for visiting!' }, 'messageBody', automationMessages.needsReviewLink],
      [{ messageBody: 'Hi ${nickname} ${reviewLink}' }, 'messageBody', 'Unknown variable: ${nickname}'],
      [{ channel: 'EMAIL_FIRST', subject: ' ' }, 'subject', campaignMessages.subjectRequired],
      [{ channel: 'SMS', messageBody: `${'x'.repeat(1600)} \${reviewLink}` }, 'messageBody', campaignMessages.smsBodyMax],
      [{ reminder: { afterDays: 0, messageBody: 'Again ${reviewLink}' } }, 'reminder.afterDays', campaignMessages.followUpDaysInvalid],
      [{ reminder: { afterDays: 2, messageBody: '' } }, 'reminder.messageBody', campaignMessages.followUpBodyRequired],
      [{ reminder: { afterDays: 2, messageBody: 'Again', subject: 'Hi\u0000' } }, 'reminder.subject', campaignMessages.subjectControlCharacters],
    ];
    for (const [change, field, message] of cases) {
      const response = await shop.client.put(`/api/automation/update-automation/${shop.businessId}`, { ...automationSettings(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(change)).toContain(message);
    }
    // Turning it on needs a review site for ${reviewLink}; turning it off does not.
    await deliveryApp.app.db.update(businesses).set({ reviewSites: [] }).where(eq(businesses.id, shop.businessId));
    const noSite = await shop.client.put(`/api/automation/update-automation/${shop.businessId}`, automationSettings());
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().errors.messageBody).toBe(campaignMessages.reviewLinkMissing);
    expect((await shop.client.get(automationUrl(shop))).json()).toEqual({ ...initial.json(), sites: [] });
    expect((await shop.client.put(`/api/automation/update-automation/${shop.businessId}`, automationSettings({ enabled: false }))).statusCode).toBe(200);
  });

  it('saves what it was given: a subject only where email may go, a blank reminder subject as the first one', async () => {
    const { shop } = await newShop(0);
    const sms = await saveAutomation(shop, automationSettings({ channel: 'SMS', subject: 'Ignored', reminder: { afterDays: 2, messageBody: 'Again: ${reviewLink}', subject: 'Also ignored' } }));
    expect(sms).toMatchObject({ enabled: true, channel: 'SMS', subject: null, reminder: { afterDays: 2, messageBody: 'Again: ${reviewLink}', subject: null } });
    const either = await saveAutomation(shop, automationSettings({ channel: 'SMS_FIRST', delayMinutes: 43_200, reminder: { afterDays: 3, messageBody: 'Again: ${reviewLink}', subject: ' ' } }));
    expect(either).toMatchObject({ channel: 'SMS_FIRST', delayMinutes: 43_200, subject: 'How was your visit, ${firstName}?', reminder: { afterDays: 3, subject: null } });
    expect((await shop.client.get(automationUrl(shop))).json()).toEqual(either);
  });
});

describe('the review automation: a check-in', () => {
  it('schedules a request due after the delay; it arrives with its own review link; the log and the figures tell the story', async () => {
    const { shop, ids, emailOf } = await newShop(2);
    await saveAutomation(shop);
    const before = Date.now();
    expect(await checkIn(shop, [ids[0]!])).toEqual({ checkedIn: 1 });

    const [visit] = await automationLog(shop);
    expect(visit).toMatchObject({ contactId: ids[0], contactName: 'Guest0 Lee', source: 'check-in', skipped: null, request: { channel: 'EMAIL' } });
    expect(Date.parse(visit!.request!.dueAt) - Date.parse(visit!.visitedAt)).toBe(5 * MINUTE_MS);
    const [contact] = await deliveryApp.app.db.select().from(contacts).where(eq(contacts.id, ids[0]!));
    expect(contact!.lastVisited!.toISOString()).toBe(visit!.visitedAt);
    expect(contact!.lastVisited!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const email = await waitFor(async () => sink.emailsTo(emailOf(0))[0], 20_000, 'the review request');
    expect(email.headers.subject).toBe('How was your visit, Guest0?');
    const [request] = await requestsOnceAll(deliveryApp.app, shop.businessId, 'sent', 1);
    expect(request).toMatchObject({ contactId: ids[0], visitId: visit!.id, followUp: false });
    expect(email.text).toContain(`Hi Guest0, thanks for visiting ${shop.businessName}: ${deliveryApp.config.delivery.appUrl}/r/${request!.reviewToken}`);
    // Not before it was due.
    expect(new Date(request!.sentAt!).getTime()).toBeGreaterThanOrEqual(Date.parse(visit!.request!.dueAt));
    expect(sink.emailsTo(emailOf(1))).toEqual([]);

    await sleep(2100); // past the "just sent" window: this opening is a person's
    expect((await open(`/r/${request!.reviewToken}`)).statusCode).toBe(200);
    expect((await open(`/r/${request!.reviewToken}/go/1`)).statusCode).toBe(302);
    const time = (iso: string) => iso.slice(11, 19);
    expect(await logLines(shop)).toEqual([
      `Guest0 Lee visited ${time(visit!.visitedAt)} → request due ${time(visit!.request!.dueAt)} → sent by email → visited the review page → clicked Google`,
    ]);

    const automation = (await shop.client.get(automationUrl(shop))).json();
    expect(automation).toMatchObject({
      funnel: { sent: 1, delivered: 1, visited: 1, clicked: 1, feedback: 0 },
      sites: [{ name: 'Google', clicks: 1 }],
      visits: { total: 1, requested: 1, skipped: 0 },
    });
    // Its campaigns are no campaigns of the owner's, and their ids reach no campaign route.
    expect((await shop.client.get(`/api/campaign/get-campaigns/${shop.businessId}`)).json()).toEqual([]);
    const campaignId = await campaignOf(request!.id);
    for (const url of [`/api/campaign/get-campaign/${campaignId}`, `/api/campaign/get-campaign-details/${campaignId}`]) {
      expect((await shop.client.get(url)).statusCode).toBe(404);
    }
    expect((await shop.client.put(`/api/campaign/pause-campaign/${campaignId}`)).statusCode).toBe(404);
    // /reputation shows it beside the campaigns.
    const summary = (await shop.client.get(`/api/reputation/get-summary/${shop.businessId}`)).json();
    expect(summary).toMatchObject({ requests: 1, visits: 1, clicks: 1, campaigns: [], automation: { requests: 1, visits: 1, clicks: 1, feedback: 0 } });
  });

  it('asks a contact checked in several times within the cap once; the cap and a campaign since the visit skip with the reason', async () => {
    const { shop, ids, emailOf } = await newShop(3);
    await saveAutomation(shop);
    // Twice in one call, then again while the request waits.
    await checkIn(shop, [ids[0]!, ids[0]!]);
    await checkIn(shop, [ids[0]!]);
    await logLineOf(shop, 'Guest0 Lee', /sent by email/);
    await checkIn(shop, [ids[0]!]);
    const lines = await logLines(shop);
    expect(lines).toHaveLength(3);
    // A test "day" is 5 s: on a busy machine the request may be a "day" old by the last check-in.
    expect(lines[0]).toMatch(/^Guest0 Lee visited \S+ → skipped: asked \d+ days? ago$/);
    expect(lines[1]).toMatch(/^Guest0 Lee visited \S+ → skipped: a request after an earlier visit is still waiting$/);
    expect(lines[2]).toMatch(/→ sent by email$/);
    expect(sink.emailsTo(emailOf(0))).toHaveLength(1);

    // Asked 12 days ago by a campaign: skipped; with the cap off, asked.
    const campaign = await launchCampaign(shop, await createFilter(shop, [{ attribute: 'firstName', operator: 'BEGINS_WITH', value: 'Guest1' }]));
    await finishedCampaign(shop, campaign.id);
    await deliveryApp.app.db.execute(sql`update deliveries set sent_at = now() - interval '${sql.raw(String(12 * DAY_MS + 1000))} milliseconds' where campaign_id = ${campaign.id}`);
    await checkIn(shop, [ids[1]!]);
    await logLineOf(shop, 'Guest1 Lee', /→ skipped: asked 12 days ago$/);
    await deliveryApp.app.db.update(businesses).set({ reviewRequestCapDays: 0 }).where(eq(businesses.id, shop.businessId));
    await checkIn(shop, [ids[1]!]);
    await logLineOf(shop, 'Guest1 Lee', /→ sent by email$/);
    await deliveryApp.app.db.update(businesses).set({ reviewRequestCapDays: 30 }).where(eq(businesses.id, shop.businessId));

    // A campaign reaches Guest2 between the visit and the request's time: the request is skipped when due.
    await saveAutomation(shop, automationSettings({ delayMinutes: 10_000 }));
    await checkIn(shop, [ids[2]!]);
    const meanwhile = await launchCampaign(shop, await createFilter(shop, [{ attribute: 'firstName', operator: 'BEGINS_WITH', value: 'Guest2' }]));
    await finishedCampaign(shop, meanwhile.id);
    // Its time comes (the workers' sweep finds it).
    await deliveryApp.app.db.execute(sql`update deliveries set next_attempt_at = now() where contact_id = ${ids[2]!} and visit_id is not null`);
    await logLineOf(shop, 'Guest2 Lee', /→ request due \S+ → skipped: asked \d+ days? ago$/);
    expect(sink.emailsTo(emailOf(2))).toHaveLength(1);
  });

  it('skips a contact without the needed channel, or unsubscribed, or suppressed, with the reason; SMS_FIRST emails while texts are not delivered', async () => {
    const { shop, ids, emailOf } = await newShop(5);
    // Guest0: a number that could not be read; Guest1: no usable email; Guest2 unsubscribed; Guest3 suppressed email.
    await deliveryApp.app.db.update(contacts).set({ phoneProblem: 'The number 0912 has no country code.' }).where(eq(contacts.id, ids[0]!));
    await deliveryApp.app.db.update(contacts).set({ email: 'not an address' }).where(eq(contacts.id, ids[1]!));
    await deliveryApp.app.db.update(contacts).set({ status: 'UNSUBSCRIBED' }).where(eq(contacts.id, ids[2]!));
    await deliveryApp.app.db.insert(suppressions).values({ businessId: shop.businessId, channel: 'EMAIL', address: emailOf(3), reason: 'hard_bounce' });

    await saveAutomation(shop, automationSettings({ channel: 'SMS' }));
    await checkIn(shop, [ids[0]!]);
    await logLineOf(shop, 'Guest0 Lee', /→ skipped: The number 0912 has no country code\.$/);
    await saveAutomation(shop, automationSettings({ channel: 'EMAIL' }));
    await checkIn(shop, [ids[1]!, ids[2]!, ids[3]!]);
    await logLineOf(shop, 'Guest1 Lee', /→ skipped: no email address$/);
    await logLineOf(shop, 'Guest2 Lee', /→ skipped: the contact unsubscribed$/);
    await logLineOf(shop, 'Guest3 Lee', /→ skipped: suppressed \(hard bounce\)$/);

    // Either channel: the other one is used (texts go to the outbox here: no Twilio settings).
    await saveAutomation(shop, automationSettings({ channel: 'EMAIL_FIRST', messageBody: 'Review ${businessName}: ${reviewLink}' }));
    await checkIn(shop, [ids[1]!, ids[3]!]);
    await logLineOf(shop, 'Guest1 Lee', /→ kept in the outbox \(SMS is not set up\)$/);
    await logLineOf(shop, 'Guest3 Lee', /→ kept in the outbox \(SMS is not set up\)$/);
    await saveAutomation(shop, automationSettings({ channel: 'SMS_FIRST' }));
    await checkIn(shop, [ids[4]!]);
    await logLineOf(shop, 'Guest4 Lee', /→ sent by email$/);
    const requests = await automationRequests(deliveryApp.app, shop.businessId);
    expect(requests.map((request) => [request.contactId, request.type, request.address]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [ids[1], 'SMS', `+${4915100000000 + shop.businessId * 100000 + 1}`],
      [ids[3], 'SMS', `+${4915100000000 + shop.businessId * 100000 + 3}`],
      [ids[4], 'EMAIL', emailOf(4)],
    ]);
  });

  it('turned off, cancels the requests not yet sent, and records no visit until it is on again', async () => {
    const { shop, ids, emailOf } = await newShop(2);
    await saveAutomation(shop, automationSettings({ delayMinutes: 1000 }));
    await checkIn(shop, ids);
    expect((await automationRequests(deliveryApp.app, shop.businessId)).map((request) => request.state)).toEqual(['queued', 'queued']);
    await saveAutomation(shop, automationSettings({ delayMinutes: 1000, enabled: false }));
    expect((await automationRequests(deliveryApp.app, shop.businessId)).map((request) => [request.state, request.error])).toEqual([
      ['canceled', 'the automation was turned off'],
      ['canceled', 'the automation was turned off'],
    ]);
    expect((await logLines(shop)).every((line) => line.endsWith('→ canceled: the automation was turned off'))).toBe(true);

    // Off: a check-in is only a check-in.
    await checkIn(shop, [ids[0]!]);
    expect(await logLines(shop)).toHaveLength(2);
    // On again: nothing canceled comes back, and new visits are asked about.
    await saveAutomation(shop, automationSettings({ delayMinutes: 1 }));
    await checkIn(shop, [ids[1]!]);
    await logLineOf(shop, 'Guest1 Lee', /→ sent by email$/);
    expect(sink.emailsTo(emailOf(0))).toEqual([]);
    expect(sink.emailsTo(emailOf(1))).toHaveLength(1);
  });

  it('reminds after N days those who did not open the review page, once, with the same link', async () => {
    const { shop, ids, emailOf } = await newShop(2);
    await saveAutomation(shop, automationSettings({ delayMinutes: 1, reminder: { afterDays: 1, messageBody: 'Still time, ${firstName}: ${reviewLink}', subject: 'A reminder' } }));
    await checkIn(shop, ids);
    await waitFor(async () => sink.emailsTo(emailOf(0)).length + sink.emailsTo(emailOf(1)).length === 2, 20_000, 'both requests');
    const [first] = await automationRequests(deliveryApp.app, shop.businessId);
    // Guest0 opened the page as a person (recorded as the page records it): no reminder.
    const campaignId = await campaignOf(first!.id);
    await deliveryApp.app.db.insert(reviewEvents).values({ deliveryId: first!.id, campaignId, businessId: shop.businessId, kind: 'visit' });

    const reminder = await waitFor(async () => sink.emailsTo(emailOf(1))[1], 30_000, 'the reminder');
    const [, second] = await automationRequests(deliveryApp.app, shop.businessId);
    expect(reminder.headers.subject).toBe('A reminder');
    expect(reminder.text).toContain(`Still time, Guest1: ${deliveryApp.config.delivery.appUrl}/r/${second!.reviewToken}`);
    await logLineOf(shop, 'Guest1 Lee', /→ sent by email → reminder sent$/);
    // Once, however many sweeps run; none to Guest0.
    await sleep(2000);
    expect(sink.emailsTo(emailOf(1))).toHaveLength(2);
    expect(sink.emailsTo(emailOf(0))).toHaveLength(1);
    expect(reviewPath(reminder.text)).toBe(`/r/${second!.reviewToken}`);
  });
});
