import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, deliveries, suppressions } from '../../server/db/schema';
import type { CampaignDetails } from '../../server/sending/details';
import { TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH } from '../../server/sending/paths';
import { twilioSignature, validTwilioSignature } from '../../server/sending/sms';
import {
  addContacts,
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  signedInOwner,
  startDeliveryApp,
  withDeliveryApp,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { FakeTwilio } from '../support/fake-twilio';

const APP_URL = 'https://reviews.example.com';
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'test-auth-token-1234';
const SMS_FROM = '+15005550006';
const MINUTE_MS = 500;

let twilio: FakeTwilio;
let deliveryApp: DeliveryApp;
let owner: Owner;

beforeAll(async () => {
  twilio = await FakeTwilio.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  deliveryApp = await startDeliveryApp({
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_BASE_URL: twilio.baseUrl,
    SMS_FROM,
    APP_URL,
    PACING_MINUTE_MS: String(MINUTE_MS),
    DELIVERY_RETRY_BASE_MS: '300',
    DELIVERY_MAX_ATTEMPTS: '3',
    // Long enough that no answer is late however busy the machine; 'no answer' then waits this long.
    DELIVERY_SEND_TIMEOUT_MS: '5000',
    DELIVERY_LEASE_MS: '10000',
  });
  owner = await signedInOwner(deliveryApp.app);
});
afterAll(async () => {
  await deliveryApp?.close();
  await twilio?.close();
});

/** A new business of the owner with `count` contacts (numbers +49 151 <business> <i>) and a filter for all. */
async function audience(count: number) {
  const business = await owner.client.createBusiness({ name: 'Corner Bakery' });
  const shop = { ...owner, businessId: business.id };
  const ids = await addContacts(deliveryApp.app, business.id, count);
  const phones = (await deliveryApp.app.db.select({ phone: contacts.phoneNumber }).from(contacts).where(inArray(contacts.id, ids))).map(
    (row) => `+${row.phone}`,
  );
  return { shop, ids, phones, filter: await createFilter(shop) };
}

const smsCampaign = { type: 'SMS', messageBody: 'Hi ${firstName}, thanks for visiting ${businessName}!' };

/** Posts a form to a webhook as Twilio does: signed with the auth token over APP_URL + path and the fields. */
function twilioPost(path: string, params: Record<string, string>, signature = twilioSignature(AUTH_TOKEN, `${APP_URL}${path}`, params)) {
  return deliveryApp.app.inject({
    method: 'POST',
    url: path,
    payload: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
  });
}

const contactStatus = async (id: number) =>
  (await deliveryApp.app.db.select({ status: contacts.status }).from(contacts).where(eq(contacts.id, id)))[0]!.status;

describe('the Twilio signature', () => {
  it('matches Twilio’s documented example and refuses any change', () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(validTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
    expect(validTwilioSignature('12345', url, { ...params, Digits: '1235' }, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(validTwilioSignature('54321', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(validTwilioSignature('12345', url, params, undefined)).toBe(false);
  });
});

describe('text messages through Twilio', () => {
  it('posts each message to the Messages API with basic auth and a status callback', async () => {
    const { shop, phones, filter } = await audience(3);
    const launched = await launchCampaign(shop, filter, smsCampaign);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: 3, sent: 3, failed: 0 } });
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    for (const [i, row] of rows.entries()) {
      const requests = twilio.requests.filter((request) => request.params.To === phones[i]);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.params).toEqual({
        To: phones[i],
        From: SMS_FROM,
        Body: `Hi Ann${i}, thanks for visiting Corner Bakery!`,
        StatusCallback: `${APP_URL}${TWILIO_STATUS_PATH}?deliveryId=${row.id}`,
      });
      expect(requests[0]!.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
      expect(row).toMatchObject({ address: phones[i], state: 'sent', providerId: requests[0]!.sid, attempts: 1 });
    }
    const details = (await shop.client.get(`/api/campaign/get-campaign-details/${launched.id}`)).json() as CampaignDetails;
    expect(details.channel).toEqual({ name: 'twilio', delivers: true, note: 'Text messages are sent through Twilio.' });
  });

  it('status callbacks move each delivery forward; unsigned or wrongly signed ones change nothing', async () => {
    const { shop, filter } = await audience(3);
    const launched = await launchCampaign(shop, filter, smsCampaign);
    await finishedCampaign(shop, launched.id);
    const [first, second, third] = await deliveryRows(deliveryApp.app, launched.id);
    const path = (id: number) => `${TWILIO_STATUS_PATH}?deliveryId=${id}`;
    const callback = (row: typeof first, status: string, extra: Record<string, string> = {}) => ({
      MessageSid: row!.providerId!,
      MessageStatus: status,
      AccountSid: ACCOUNT_SID,
      To: row!.address,
      ...extra,
    });

    expect((await twilioPost(path(first!.id), callback(first, 'delivered'))).statusCode).toBe(204);
    expect((await twilioPost(path(second!.id), callback(second, 'undelivered', { ErrorCode: '30003', ErrorMessage: 'Unreachable destination handset' }))).statusCode).toBe(204);
    // A late 'sent' does not undo 'delivered'.
    expect((await twilioPost(path(first!.id), callback(first, 'sent'))).statusCode).toBe(204);
    // Wrong signature, no signature, or fields changed after signing.
    const forged = await twilioPost(path(third!.id), callback(third, 'failed'), 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('The Twilio signature is missing or wrong.');
    const signedForOtherRow = twilioSignature(AUTH_TOKEN, `${APP_URL}${path(first!.id)}`, callback(third, 'failed'));
    expect((await twilioPost(path(third!.id), callback(third, 'failed'), signedForOtherRow)).statusCode).toBe(403);
    const unsigned = await deliveryApp.app.inject({
      method: 'POST',
      url: path(third!.id),
      payload: new URLSearchParams(callback(third, 'failed')).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(403);

    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.map((row) => row.state)).toEqual(['delivered', 'failed', 'sent']);
    expect(rows[1]!.error).toBe('Twilio: undelivered (error 30003): Unreachable destination handset');
    const details = (await shop.client.get(`/api/campaign/get-campaign-details/${launched.id}`)).json() as CampaignDetails;
    expect(details.counts).toMatchObject({ recipients: 3, sent: 1, delivered: 1, failed: 1 });
    expect(details.campaign.counts).toEqual({ recipients: 3, sent: 2, failed: 1, outbox: 0 });
  });

  it('a callback that comes before the send was recorded still counts (found by the delivery id)', async () => {
    const { shop, filter } = await audience(1);
    const launched = await launchCampaign(shop, filter, smsCampaign);
    await finishedCampaign(shop, launched.id);
    const [row] = await deliveryRows(deliveryApp.app, launched.id);
    // As if the worker had not recorded Twilio's answer yet.
    await deliveryApp.app.db.update(deliveries).set({ state: 'sending', providerId: null }).where(eq(deliveries.id, row!.id));
    const params = { MessageSid: row!.providerId!, MessageStatus: 'delivered' };
    expect((await twilioPost(`${TWILIO_STATUS_PATH}?deliveryId=${row!.id}`, params)).statusCode).toBe(204);
    expect((await deliveryRows(deliveryApp.app, launched.id))[0]).toMatchObject({ state: 'delivered', providerId: row!.providerId });
  });

  it('retries 429, 5xx and no answer; records other 4xx with Twilio’s reason', async () => {
    const { shop, phones, filter } = await audience(4);
    twilio.fail(phones[0]!, { status: 429, code: 20429, message: 'Too Many Requests' }, 1);
    twilio.fail(phones[1]!, { status: 503, code: 20503, message: 'Service Unavailable' }, 1);
    twilio.fail(phones[2]!, 'no answer', 1);
    twilio.fail(phones[3]!, { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const launched = await launchCampaign(shop, filter, smsCampaign);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: 4, sent: 3, failed: 1 } });
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.map(({ state, attempts }) => ({ state, attempts }))).toEqual([
      { state: 'sent', attempts: 2 },
      { state: 'sent', attempts: 2 },
      { state: 'sent', attempts: 2 },
      { state: 'failed', attempts: 1 },
    ]);
    expect(rows[3]!.error).toBe("Twilio 400 (error 21211): The 'To' number is not a valid phone number.");
    for (const phone of phones.slice(0, 3)) expect(twilio.countByRecipient.get(phone)).toBe(1);
  });

  it('fails the campaign when every message failed', async () => {
    const { shop, phones, filter } = await audience(2);
    for (const phone of phones) twilio.fail(phone, { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const launched = await launchCampaign(shop, filter, smsCampaign);
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished.status).toBe('FAILED');
    expect(finished.failureReason).toBe('All 2 messages failed. Most common reason: Twilio 400 (error 21610): Attempt to send to unsubscribed recipient');
  });
});

describe('replies (inbound webhook)', () => {
  it('STOP and its synonyms unsubscribe every contact with that number, START and UNSTOP resubscribe', async () => {
    const first = await audience(2);
    const second = await audience(1);
    // The same person in two businesses.
    await deliveryApp.app.db.update(contacts).set({ phoneNumber: first.phones[0]!.slice(1) }).where(eq(contacts.id, second.ids[0]!));
    const reply = (body: string, from = first.phones[0]!) => twilioPost(TWILIO_INBOUND_PATH, { From: from, To: SMS_FROM, Body: body, MessageSid: 'SM1' });

    const answer = await reply(' stop ');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/xml/);
    expect(answer.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Corner Bakery: you are unsubscribed and will get no more messages. Reply START to subscribe again.</Message></Response>',
    );
    expect(await contactStatus(first.ids[0]!)).toBe('UNSUBSCRIBED');
    expect(await contactStatus(second.ids[0]!)).toBe('UNSUBSCRIBED');
    expect(await contactStatus(first.ids[1]!)).toBe('ACTIVE');

    await reply('Start');
    expect(await contactStatus(first.ids[0]!)).toBe('ACTIVE');
    for (const word of ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'STOP']) {
      await reply('UNSTOP');
      expect(await contactStatus(first.ids[0]!)).toBe('ACTIVE');
      await reply(word);
      expect(await contactStatus(first.ids[0]!), word).toBe('UNSUBSCRIBED');
    }
    await reply('START');
    await reply('Please stop sending me these');
    expect(await contactStatus(first.ids[0]!)).toBe('ACTIVE');

    const forged = await twilioPost(TWILIO_INBOUND_PATH, { From: first.phones[1]!, Body: 'STOP' }, 'forged');
    expect(forged.statusCode).toBe(403);
    expect(await contactStatus(first.ids[1]!)).toBe('ACTIVE');
  });

  it('an unsubscribed contact is never sent to, and a running campaign skips one who replies STOP', async () => {
    const { shop, ids, phones, filter } = await audience(8);
    await deliveryApp.app.db.update(contacts).set({ status: 'UNSUBSCRIBED' }).where(eq(contacts.id, ids[0]!));
    // The first batch is held at Twilio while the reply comes in: the next batch is claimed after it.
    twilio.gate.hold();
    const launched = await launchCampaign(shop, filter, { ...smsCampaign, sendAllAtOnce: false, interval: 1, intervalSize: 5 });
    try {
      await twilio.gate.whenHeld(5);
      expect((await twilioPost(TWILIO_INBOUND_PATH, { From: phones[7]!, To: SMS_FROM, Body: 'STOP' })).statusCode).toBe(200);
    } finally {
      twilio.gate.release();
    }
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished.counts).toEqual({ recipients: 7, sent: 6, failed: 0, outbox: 0 });
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.map((row) => row.contactId)).not.toContain(ids[0]);
    expect(rows.find((row) => row.contactId === ids[7])!.state).toBe('skipped');
    expect(twilio.countByRecipient.get(phones[0]!)).toBeUndefined();
    expect(twilio.countByRecipient.get(phones[7]!)).toBeUndefined();
  });

  it('a running campaign does not text a number that replied STOP after its contact moved to another number', async () => {
    const { shop, ids, phones, filter } = await audience(7);
    // Each message's address was fixed at the start. The first batch is held at Twilio meanwhile.
    twilio.gate.hold();
    const launched = await launchCampaign(shop, filter, { ...smsCampaign, sendAllAtOnce: false, interval: 1, intervalSize: 5 });
    try {
      await twilio.gate.whenHeld(5);
      // The owner gives the last contact a new number; the old one replies STOP: the contact stays ACTIVE.
      await deliveryApp.app.db.update(contacts).set({ phoneNumber: '4915199999998' }).where(eq(contacts.id, ids[6]!));
      expect((await twilioPost(TWILIO_INBOUND_PATH, { From: phones[6]!, To: SMS_FROM, Body: 'STOP' })).statusCode).toBe(200);
      expect(await contactStatus(ids[6]!)).toBe('ACTIVE');
    } finally {
      twilio.gate.release();
    }
    const finished = await finishedCampaign(shop, launched.id);
    expect(finished.counts).toEqual({ recipients: 7, sent: 6, failed: 0, outbox: 0 });
    const rows = await deliveryRows(deliveryApp.app, launched.id);
    expect(rows.find((row) => row.contactId === ids[6])).toMatchObject({ state: 'skipped', error: 'skipped: suppressed (STOP)', address: phones[6] });
    expect(twilio.countByRecipient.get(phones[6]!)).toBeUndefined();
  });

  it('a STOP from a number its contact no longer has still holds for whoever gets the number there later', async () => {
    const { shop, ids, phones, filter } = await audience(2);
    await finishedCampaign(shop, (await launchCampaign(shop, filter, smsCampaign)).id);
    // The owner gives the contact a new number; the old one replies STOP afterwards.
    await deliveryApp.app.db.update(contacts).set({ phoneNumber: '4915199999999' }).where(eq(contacts.id, ids[0]!));
    expect((await twilioPost(TWILIO_INBOUND_PATH, { From: phones[0]!, To: SMS_FROM, Body: 'STOP' })).statusCode).toBe(200);
    expect(await contactStatus(ids[0]!)).toBe('ACTIVE');
    // The other contact is edited to the old number: opted out, and the next campaign does not text it.
    await deliveryApp.app.db.update(contacts).set({ phoneNumber: phones[0]!.slice(1) }).where(eq(contacts.id, ids[1]!));
    expect(await contactStatus(ids[1]!)).toBe('UNSUBSCRIBED');
    const next = await finishedCampaign(shop, (await launchCampaign(shop, filter, smsCampaign)).id);
    expect(next.counts.sent).toBe(1);
    expect((await deliveryRows(deliveryApp.app, next.id)).filter((row) => row.address === phones[0] && row.state !== 'skipped')).toEqual([]);
  });
});

describe('configuration', () => {
  it('a partly configured Twilio fails SMS campaigns with the reason; webhooks refuse without a token', async () => {
    await withDeliveryApp({ TWILIO_ACCOUNT_SID: ACCOUNT_SID }, async (partial) => {
      const shop = await signedInOwner(partial.app);
      await addContacts(partial.app, shop.businessId, 2);
      const filter = await createFilter(shop);
      const launched = await launchCampaign(shop, filter, smsCampaign);
      const finished = await finishedCampaign(shop, launched.id);
      expect(finished.status).toBe('FAILED');
      expect(finished.failureReason).toBe('All 2 messages failed. Most common reason: Text messages cannot be sent: TWILIO_AUTH_TOKEN and SMS_FROM are not set.');
      const details = (await shop.client.get(`/api/campaign/get-campaign-details/${launched.id}`)).json() as CampaignDetails;
      expect(details.channel).toEqual({
        name: 'unusable',
        delivers: false,
        note: 'Text messages cannot be sent: TWILIO_AUTH_TOKEN and SMS_FROM are not set.',
      });
      const inbound = await partial.app.inject({
        method: 'POST',
        url: TWILIO_INBOUND_PATH,
        payload: 'From=%2B4915111111111&Body=STOP',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      });
      expect(inbound.statusCode).toBe(403);
      expect(inbound.json().message).toBe('Twilio is not configured.');
    });
  });
});

const suppressionsOf = (businessId: number) =>
  deliveryApp.app.db
    .select({ address: suppressions.address, reason: suppressions.reason, evidence: suppressions.evidence })
    .from(suppressions)
    .where(eq(suppressions.businessId, businessId))
    .orderBy(suppressions.address);

describe('numbers that will never work are suppressed', () => {
  it.each([
    [21610, 'Attempt to send to unsubscribed recipient', 'stop', 'STOP'],
    [21211, "The 'To' number is not a valid phone number.", 'invalid_number', 'invalid number'],
    [21614, "'To' number is not a valid mobile number", 'invalid_number', 'invalid number'],
  ])('Twilio error %i suppresses the number for the business; the next campaign skips it with the reason', async (code, message, reason, label) => {
    const { shop, phones, filter } = await audience(2);
    twilio.fail(phones[0]!, { status: 400, code, message });
    const first = await launchCampaign(shop, filter, smsCampaign);
    await finishedCampaign(shop, first.id);
    expect(await suppressionsOf(shop.businessId)).toEqual([{ address: phones[0]!.slice(1), reason, evidence: `Twilio error ${code}` }]);

    const before = twilio.requests.filter((request) => request.params.To === phones[0]).length;
    const second = await launchCampaign(shop, filter, smsCampaign);
    await finishedCampaign(shop, second.id);
    const rows = await deliveryRows(deliveryApp.app, second.id);
    expect(rows.map(({ address, state, error }) => ({ address, state, error }))).toEqual([
      { address: phones[0], state: 'skipped', error: `skipped: suppressed (${label})` },
      { address: phones[1], state: 'sent', error: null },
    ]);
    expect(twilio.requests.filter((request) => request.params.To === phones[0])).toHaveLength(before);
    const details = (await shop.client.get(`/api/campaign/get-campaign-details/${second.id}`)).json() as CampaignDetails;
    expect(details.counts).toMatchObject({ recipients: 2, skipped: 1, sent: 1 });
  });

  it('a status callback with error 30006 (landline) suppresses the number', async () => {
    const { shop, phones, filter } = await audience(1);
    const launched = await launchCampaign(shop, filter, smsCampaign);
    await finishedCampaign(shop, launched.id);
    const [row] = await deliveryRows(deliveryApp.app, launched.id);
    const params = { MessageSid: row!.providerId!, MessageStatus: 'undelivered', ErrorCode: '30006' };
    expect((await twilioPost(`${TWILIO_STATUS_PATH}?deliveryId=${row!.id}`, params)).statusCode).toBe(204);
    expect(await suppressionsOf(shop.businessId)).toEqual([{ address: phones[0]!.slice(1), reason: 'invalid_number', evidence: 'Twilio error 30006' }]);
  });
});

describe('keyword replies (TwiML)', () => {
  const message = (text: string) => `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`;

  it('HELP and INFO get one reply naming the business that texted the number and how to stop', async () => {
    const { shop, phones, filter } = await audience(1);
    const launched = await launchCampaign(shop, filter, smsCampaign);
    await finishedCampaign(shop, launched.id);
    for (const word of ['HELP', ' info ']) {
      const answer = await twilioPost(TWILIO_INBOUND_PATH, { From: phones[0]!, To: SMS_FROM, Body: word, MessageSid: 'SM2' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(message('Corner Bakery: review requests by text. Reply STOP to unsubscribe. Msg &amp; data rates may apply.'));
    }
    const other = await twilioPost(TWILIO_INBOUND_PATH, { From: phones[0]!, To: SMS_FROM, Body: 'Thanks!', MessageSid: 'SM3' });
    expect(other.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });

  it('STOP puts the number on the suppression list with its source; START (only the contact) lifts it', async () => {
    const { shop, phones, ids } = await audience(1);
    const reply = (body: string) => twilioPost(TWILIO_INBOUND_PATH, { From: phones[0]!, To: SMS_FROM, Body: body, MessageSid: 'SM4' });
    expect((await reply('Opt out')).body).toBe(
      message('Corner Bakery: you are unsubscribed and will get no more messages. Reply START to subscribe again.'),
    );
    expect(await suppressionsOf(shop.businessId)).toEqual([{ address: phones[0]!.slice(1), reason: 'stop', evidence: 'SMS reply OPT OUT' }]);
    expect((await reply('START')).body).toBe(message('Corner Bakery: you are subscribed again. Reply STOP to unsubscribe. Msg &amp; data rates may apply.'));
    expect(await suppressionsOf(shop.businessId)).toEqual([]);
    expect(await contactStatus(ids[0]!)).toBe('ACTIVE');
  });

  it("with TWILIO_OPT_OUT_REPLIES=twilio, STOP is answered by Twilio's Advanced Opt-Out, not by the app", async () => {
    await withDeliveryApp(
      { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_BASE_URL: twilio.baseUrl, SMS_FROM, APP_URL, TWILIO_OPT_OUT_REPLIES: 'twilio' },
      async (other) => {
        const shop = await signedInOwner(other.app);
        const [id] = await addContacts(other.app, shop.businessId, 1);
        const [contact] = await other.app.db.select().from(contacts).where(eq(contacts.id, id!));
        const params = { From: `+${contact!.phoneNumber}`, To: SMS_FROM, Body: 'STOP', MessageSid: 'SM5' };
        const answer = await other.app.inject({
          method: 'POST',
          url: TWILIO_INBOUND_PATH,
          payload: new URLSearchParams(params).toString(),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilioSignature(AUTH_TOKEN, `${APP_URL}${TWILIO_INBOUND_PATH}`, params),
          },
        });
        expect(answer.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
        expect((await other.app.db.select().from(contacts).where(eq(contacts.id, id!)))[0]!.status).toBe('UNSUBSCRIBED');
      },
    );
  });
});

describe('segments', () => {
  it('the details page counts the segments sent (an emoji makes a message UCS-2: 67 characters per part)', async () => {
    const { shop, filter } = await audience(2);
    const body = `😊 ${'x'.repeat(100)}`; // 103 UTF-16 units in UCS-2: 2 parts each
    const launched = await launchCampaign(shop, filter, { ...smsCampaign, messageBody: body });
    await finishedCampaign(shop, launched.id);
    const details = (await shop.client.get(`/api/campaign/get-campaign-details/${launched.id}`)).json() as CampaignDetails;
    expect(details.segments).toBe(4);
  });
});
