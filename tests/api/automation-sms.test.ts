import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, contacts } from '../../server/db/schema';
import { automationRequests, automationSettings, checkIn, logLineOf, logLines, saveAutomation } from '../support/automation';
import { addContacts, signedInOwner, sleep, startDeliveryApp, waitFor, type DeliveryApp } from '../support/delivery-app';
import { daytimeZone } from '../support/daytime-zone';
import { FakeTwilio } from '../support/fake-twilio';
import { ManualClock } from '../support/manual-clock';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'automation-auth-token';

let twilio: FakeTwilio;
let deliveryApp: DeliveryApp;
// 22:30 in Zagreb (summer time, UTC+2): after the SMS window closed.
const clock = new ManualClock(new Date('2026-07-01T22:30:00+02:00'));

beforeAll(async () => {
  twilio = await FakeTwilio.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  deliveryApp = await startDeliveryApp(
    {
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_BASE_URL: twilio.baseUrl,
      SMS_FROM: '+15005550006',
      AUTOMATION_MINUTE_MS: '20',
      DELIVERY_RETRY_BASE_MS: '50',
      DELIVERY_MAX_ATTEMPTS: '3',
    },
    { clock },
  );
});
afterAll(async () => {
  await deliveryApp?.close();
  await twilio?.close();
});

describe('the review automation by text message (injected clock)', () => {
  it('texts first where texts are delivered; a request due at night waits for the send window in the business’s time zone', async () => {
    const owner = await signedInOwner(deliveryApp.app);
    const business = await owner.client.createBusiness({ name: 'Zagreb Bakery', country: 'Croatia', timeZone: 'Europe/Zagreb' });
    const shop = { ...owner, businessId: business.id, businessName: business.name };
    await deliveryApp.app.db.update(businesses).set({ reviewSites: [{ name: 'Google', url: 'https://g.page/r/zagreb' }] }).where(eq(businesses.id, shop.businessId));
    const ids = await addContacts(deliveryApp.app, shop.businessId, 2, (i) => ({ firstName: `Guest${i}` }));
    // Guest1's number could not be read: SMS_FIRST emails them instead.
    await deliveryApp.app.db.update(contacts).set({ phoneProblem: 'The number has no country code.' }).where(eq(contacts.id, ids[1]!));
    await saveAutomation(shop, automationSettings({ channel: 'SMS_FIRST', messageBody: 'Hi ${firstName}, how was ${businessName}? ${reviewLink}' }));
    await checkIn(shop, ids);

    await logLineOf(shop, 'Guest0 Lee', /→ request due \S+ → waiting for the send window \(opens 08:00\)$/, 20_000);
    await logLineOf(shop, 'Guest1 Lee', /→ kept in the outbox \(email is not set up\)$/, 20_000);
    // 02:00: still closed, nothing dropped.
    clock.advance(3.5 * 3_600_000);
    await sleep(1500);
    expect(twilio.received).toBe(0);
    expect((await automationRequests(deliveryApp.app, shop.businessId)).map((request) => [request.type, request.state])).toEqual([
      ['SMS', 'queued'],
      ['EMAIL', 'outbox'],
    ]);

    // 08:00 local: it goes, once.
    clock.advance(6 * 3_600_000);
    await logLineOf(shop, 'Guest0 Lee', /→ request due \S+ → sent by SMS$/, 20_000);
    expect(twilio.received).toBe(1);
    const [request] = await automationRequests(deliveryApp.app, shop.businessId);
    expect(twilio.requests[0]!.params).toMatchObject({ To: request!.address, Body: request!.body });
    expect(request!.body).toMatch(/^Hi Guest0, how was Zagreb Bakery\? http\S+\/r\/[A-Za-z0-9_-]{22}$/);
    expect(await logLines(shop)).toHaveLength(2);
  });

  it('whose sending keeps failing (an error of ours) stops with the reason on its page; a visit meanwhile waits; saving it again sends', async () => {
    const shop = await signedInOwner(deliveryApp.app);
    const [mia, noah] = await addContacts(deliveryApp.app, shop.businessId, 2, (i) => ({ firstName: ['Mia', 'Noah'][i]! }));
    // Due 6 s after the visit (300 "minutes" of 20 ms): recorded well before the lanes start failing.
    await saveAutomation(shop, automationSettings({ channel: 'SMS', delayMinutes: 300 }));
    await checkIn(shop, [mia!]);
    // A time zone this runtime does not know (as an old row might hold): every lane run fails.
    await deliveryApp.app.db.update(businesses).set({ timeZone: 'Mars/Olympus' }).where(eq(businesses.id, shop.businessId));
    const stopped = await waitFor(async () => {
      const automation = (await shop.client.get(`/api/automation/get-automation/${shop.businessId}`)).json();
      return automation.failureReason ? automation : undefined;
    }, 30_000, 'the automation to stop');
    expect(stopped.failureReason).toMatch(/^Sending stopped after \d+ failed attempts because of an error on our side\. Nothing more will be sent; save the automation to try again\.$/);
    await logLineOf(shop, 'Mia Lee', /→ request due \S+ → failed: Sending stopped after/);

    // A visit while it is stopped is kept, and says what it waits for.
    const textsBefore = twilio.received;
    await checkIn(shop, [noah!]);
    await logLineOf(shop, 'Noah Lee', /→ request due \S+ → waiting: sending stopped; save the automation to send it$/);
    expect(twilio.received).toBe(textsBefore);

    await deliveryApp.app.db.update(businesses).set({ timeZone: daytimeZone(clock.now()) }).where(eq(businesses.id, shop.businessId));
    const resumed = await saveAutomation(shop, automationSettings({ channel: 'SMS', delayMinutes: 1 }));
    expect(resumed.failureReason).toBeNull();
    await logLineOf(shop, 'Noah Lee', /→ request due \S+ → sent by SMS$/, 20_000);
    await checkIn(shop, [mia!]);
    await logLineOf(shop, 'Mia Lee', /→ request due \S+ → sent by SMS$/, 20_000);
  });
});
