import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addContacts,
  createFilter,
  finishedCampaign,
  launchCampaign,
  listedCampaign,
  signedInOwner,
  startDeliveryApp,
  stateCounts,
  waitFor,
  type DeliveryApp,
} from '../support/delivery-app';
import { FakeTwilio } from '../support/fake-twilio';
import { ManualClock } from '../support/manual-clock';

const ACCOUNT_SID = `AC${'abcdef0123456789'.repeat(2)}`;
const AUTH_TOKEN = 'window-auth-token';

let twilio: FakeTwilio;
let deliveryApp: DeliveryApp;
// 22:30 in Zagreb (summer time, UTC+2): after the window closed.
const clock = new ManualClock(new Date('2026-07-01T22:30:00+02:00'));

beforeAll(async () => {
  twilio = await FakeTwilio.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  deliveryApp = await startDeliveryApp(
    { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_BASE_URL: twilio.baseUrl, SMS_FROM: '+15005550006' },
    { clock },
  );
});
afterAll(async () => {
  await deliveryApp?.close();
  await twilio?.close();
});

describe('SMS quiet hours (injected clock)', () => {
  it('texts wait past midnight for the window, the card says when it opens, and all go out when it does', async () => {
    const owner = await signedInOwner(deliveryApp.app);
    const business = await owner.client.createBusiness({ name: 'Zagreb Bakery', country: 'Croatia', timeZone: 'Europe/Zagreb' });
    const shop = { ...owner, businessId: business.id };
    await addContacts(deliveryApp.app, business.id, 3);
    const sms = await launchCampaign(shop, await createFilter(shop), { type: 'SMS', messageBody: 'Hi ${firstName}!' });

    const waiting = await waitFor(async () => {
      const campaign = await listedCampaign(shop, sms.id);
      return campaign.waitingFor ? campaign : undefined;
    }, 20_000, 'the campaign to wait for the window');
    expect(waiting).toMatchObject({ status: 'IN_PROGRESS', waitingFor: 'Waiting for the send window (opens 08:00)' });
    expect(await stateCounts(deliveryApp.app, sms.id)).toEqual({ queued: 3 });

    // 02:00 the next day: still closed, nothing dropped.
    clock.advance(3.5 * 3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(twilio.received).toBe(0);
    expect(await stateCounts(deliveryApp.app, sms.id)).toEqual({ queued: 3 });

    // 08:00 local: the window opens; the lane looks again within DELIVERY_SWEEP_MS.
    clock.advance(6 * 3_600_000);
    const finished = await finishedCampaign(shop, sms.id, 20_000);
    expect(finished).toMatchObject({ status: 'COMPLETED', waitingFor: null, counts: { recipients: 3, sent: 3 } });
    expect(twilio.received).toBe(3);
  });

  it('email is not held', async () => {
    const owner = await signedInOwner(deliveryApp.app);
    const business = await owner.client.createBusiness({ name: 'Night Bakery', timeZone: 'Europe/Zagreb' });
    const shop = { ...owner, businessId: business.id };
    await addContacts(deliveryApp.app, business.id, 2);
    const email = await launchCampaign(shop, await createFilter(shop), { messageBody: 'Hi ${firstName}!' });
    expect(await finishedCampaign(shop, email.id, 20_000)).toMatchObject({ status: 'COMPLETED', waitingFor: null });
  });
});
