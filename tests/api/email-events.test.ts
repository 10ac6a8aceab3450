import { createHmac, generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { queryRows } from '../../server/db/client';
import type { CampaignDetails } from '../../server/sending/details';
import { EMAIL_EVENTS_PATH } from '../../server/sending/paths';
import type { ReportKind } from '../../server/inbound/reports';
import {
  signedInOwner,
  startDeliveryApp,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { fillFixture, readFixture, sentEmailCampaign, type FixtureDelivery } from '../support/report-fixtures';
import { SmtpSink } from '../support/smtp-sink';

const TOPIC_ARN = 'arn:aws:sns:eu-west-1:123456789012:ses-events';
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem';
const SUBSCRIBE_URL = `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC_ARN}&Token=2336412f37`;
const POSTMARK_SECRET = 'postmark-secret-0123456789';
const MAILGUN_KEY = 'mailgun-signing-key-0123456789abcdef';
// Generated for this run only: no private key is ever committed.
const sns = generateKeyPairSync('rsa', { modulusLength: 2048 });
const sendgrid = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const SENDGRID_KEY = sendgrid.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

type Provider = 'ses' | 'sendgrid' | 'postmark' | 'mailgun';
type Expected = ReportKind | 'nothing';

/** Every provider fixture (tests/fixtures/email-events, payloads shaped as each provider's docs give them) and what it counts as. */
const EVENTS: Array<[Provider, string, Expected]> = [
  ['ses', 'ses-bounce-permanent.json', 'hard'],
  ['ses', 'ses-bounce-transient.json', 'soft'],
  ['ses', 'ses-complaint.json', 'complaint'],
  ['ses', 'ses-delivery.json', 'delivered'],
  ['ses', 'ses-subscription.json', 'unsubscribe'],
  ['sendgrid', 'sendgrid-bounce.json', 'hard'],
  ['sendgrid', 'sendgrid-blocked.json', 'soft'],
  ['sendgrid', 'sendgrid-dropped.json', 'hard'],
  ['sendgrid', 'sendgrid-spamreport.json', 'complaint'],
  ['sendgrid', 'sendgrid-delivered.json', 'delivered'],
  ['sendgrid', 'sendgrid-deferred.json', 'nothing'],
  ['sendgrid', 'sendgrid-unsubscribe.json', 'unsubscribe'],
  ['sendgrid', 'sendgrid-group-unsubscribe.json', 'unsubscribe'],
  ['postmark', 'postmark-bounce.json', 'hard'],
  ['postmark', 'postmark-soft-bounce.json', 'soft'],
  ['postmark', 'postmark-spam-complaint.json', 'complaint'],
  ['postmark', 'postmark-delivery.json', 'delivered'],
  ['postmark', 'postmark-subscription-change.json', 'unsubscribe'],
  ['mailgun', 'mailgun-failed-permanent.json', 'hard'],
  ['mailgun', 'mailgun-failed-temporary.json', 'soft'],
  ['mailgun', 'mailgun-complained.json', 'complaint'],
  ['mailgun', 'mailgun-delivered.json', 'delivered'],
];

/** What the injected fetch was asked for. */
const awsCalls: string[] = [];
let sink: SmtpSink;
let deliveryApp: DeliveryApp;
let owner: Owner;

beforeAll(async () => {
  sink = await SmtpSink.start();
  deliveryApp = await startDeliveryApp(
    {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Corner Bakery <hello@bakery.example>',
      SES_SNS_TOPIC_ARNS: TOPIC_ARN,
      SENDGRID_WEBHOOK_PUBLIC_KEY: SENDGRID_KEY,
      POSTMARK_WEBHOOK_SECRET: POSTMARK_SECRET,
      MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
    },
    {
      awsFetch: async (url) => {
        awsCalls.push(url);
        const pem = url === CERT_URL ? sns.publicKey.export({ type: 'spki', format: 'pem' }).toString() : '';
        return { ok: url === CERT_URL || url === SUBSCRIBE_URL, status: 200, text: async () => pem };
      },
    },
  );
  owner = await signedInOwner(deliveryApp.app);
});
afterAll(async () => {
  await deliveryApp?.close();
  await sink?.close();
});

/** SNS's signature (SignatureVersion 1: SHA1, 2: SHA256) over the fields of the message's type. */
function snsSigned(fields: Record<string, string>, version: '1' | '2' = '2', key = sns.privateKey) {
  const names = fields.Type === 'Notification' ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const text = names.filter((name) => fields[name] !== undefined).map((name) => `${name}\n${fields[name]}\n`).join('');
  const signature = sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(text), key).toString('base64');
  return { ...fields, SignatureVersion: version, Signature: signature, SigningCertURL: CERT_URL };
}

const snsNotification = (message: string, version: '1' | '2' = '2') =>
  snsSigned({ Type: 'Notification', MessageId: randomUUID(), TopicArn: TOPIC_ARN, Subject: 'Amazon SES Email Event Notification', Message: message, Timestamp: new Date().toISOString() }, version);

const post = (provider: Provider, body: string, headers: Record<string, string> = {}) =>
  deliveryApp.app.inject({
    method: 'POST',
    url: `${EMAIL_EVENTS_PATH}/${provider}`,
    payload: body,
    headers: { 'content-type': provider === 'ses' ? 'text/plain; charset=UTF-8' : 'application/json', ...headers },
  });

const sendgridHeaders = (body: string, timestamp = Math.floor(Date.now() / 1000)) => ({
  'x-twilio-email-event-webhook-timestamp': String(timestamp),
  'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(`${timestamp}${body}`), sendgrid.privateKey).toString('base64'),
});
const postmarkHeaders = (password = POSTMARK_SECRET) => ({ authorization: `Basic ${Buffer.from(`postmark:${password}`).toString('base64')}` });
const mailgunSigned = (eventData: string, key = MAILGUN_KEY) => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const signature = createHmac('sha256', key).update(timestamp + token).digest('hex');
  return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': JSON.parse(eventData)['event-data'] });
};

/**
 * A provider's post of a fixture about `delivery`, signed as the provider signs: each send() is
 * the same event again, as a provider's retry is (SNS resends the same signed message, SendGrid
 * and Mailgun sign each post anew).
 */
function providerPost(provider: Provider, file: string, delivery: FixtureDelivery) {
  const payload = fillFixture(readFixture('email-events', file), delivery);
  const envelope = JSON.stringify(snsNotification(payload));
  return () => {
    switch (provider) {
      case 'ses':
        return post('ses', envelope);
      case 'sendgrid':
        return post('sendgrid', payload, sendgridHeaders(payload));
      case 'postmark':
        return post('postmark', payload, postmarkHeaders());
      case 'mailgun':
        return post('mailgun', mailgunSigned(payload));
    }
  };
}

const sentCampaign = (count: number) => sentEmailCampaign(deliveryApp.app, owner, count);

/** Everything a refused call must leave as it was. */
const recorded = async () =>
  queryRows<{ reports: number; events: number; suppressions: number; states: string }>(
    deliveryApp.app.db,
    sql`select (select count(*)::int from inbound_reports) as reports, (select count(*)::int from contact_events) as events,
               (select count(*)::int from suppressions) as suppressions,
               (select string_agg(state || coalesce(bounce, ''), ',' order by id) from deliveries) as states`,
  );

describe('email providers’ events', () => {
  it('every email names its delivery in our header and in each configured provider’s custom data', async () => {
    const { deliveries } = await sentCampaign(1);
    const token = deliveries[0]!.unsubscribeToken.replaceAll('-', '');
    const email = sink.emails.find((received) => received.to.includes(deliveries[0]!.address))!;
    expect(email.headers['x-starboost-delivery']).toBe(token);
    expect(email.headers['x-pm-metadata-starboost-delivery']).toBe(token);
    expect(JSON.parse(email.headers['x-mailgun-variables']!)).toEqual({ starboost_delivery: token });
    expect(JSON.parse(email.headers['x-smtpapi']!)).toEqual({ unique_args: { starboost_delivery: token } });
  });

  it('takes every provider fixture once: posted again, it is a duplicate; the details count deliveries, bounces and complaints', async () => {
    const { shop, campaignId, deliveries } = await sentCampaign(EVENTS.length);
    for (const [index, [provider, file, expected]] of EVENTS.entries()) {
      const delivery = deliveries[index]!;
      const send = providerPost(provider, file, delivery);
      const first = await send();
      expect(first.statusCode, `${file}: ${first.body}`).toBe(200);
      expect(first.json(), file).toEqual({ results: expected === 'nothing' ? [] : [{ result: expected, deliveryId: delivery.id }] });
      // A delivery is a state, set again; anything counted is counted once.
      const again = expected === 'nothing' ? [] : [{ result: expected === 'delivered' ? 'delivered' : 'duplicate', deliveryId: delivery.id }];
      expect((await send()).json(), `${file}, again`).toEqual({ results: again });
    }
    const details = (await shop.client.get(`/api/campaign/get-campaign-details/${campaignId}`)).json() as CampaignDetails;
    const count = (kind: Expected) => EVENTS.filter(([, , expected]) => expected === kind).length;
    expect(details.counts.delivered).toBe(count('delivered'));
    expect(details.bounces).toEqual({ hard: count('hard'), soft: count('soft'), complaints: count('complaint') });
    const reasons = await queryRows<{ reason: string; count: number }>(
      deliveryApp.app.db,
      sql`select reason, count(*)::int as count from suppressions where business_id = ${shop.businessId} group by reason order by reason`,
    );
    // Soft bounces (one email each, reported twice) suppress nothing.
    expect(reasons).toEqual([
      { reason: 'complaint', count: count('complaint') },
      { reason: 'hard_bounce', count: count('hard') },
      { reason: 'unsubscribed', count: count('unsubscribe') },
    ]);
    // Each unsubscribe the providers reported is the contact's opt-out, as a link click is.
    const statuses = await queryRows<{ status: string }>(
      deliveryApp.app.db,
      sql`select c.status from contacts c join deliveries d on d.contact_id = c.id
          where d.id in ${sql.raw(`(${EVENTS.flatMap(([, , expected], index) => (expected === 'unsubscribe' ? [deliveries[index]!.id] : [])).join(',')})`)}`,
    );
    expect(statuses.map((row) => row.status)).toEqual(Array(count('unsubscribe')).fill('UNSUBSCRIBED'));
  });

  it('a Postmark subscription change that resumes sending, or an SES one that keeps the recipient subscribed, opts nobody out or in', async () => {
    const { deliveries } = await sentCampaign(2);
    const resumed = fillFixture(readFixture('email-events', 'postmark-subscription-change.json'), deliveries[0]!).replace('"SuppressSending": true', '"SuppressSending": false');
    expect((await post('postmark', resumed, postmarkHeaders())).json()).toEqual({ results: [] });
    const kept = fillFixture(readFixture('email-events', 'ses-subscription.json'), deliveries[1]!).replace('"unsubscribeAll": true', '"unsubscribeAll": false');
    expect((await post('ses', JSON.stringify(snsNotification(kept)))).json()).toEqual({ results: [] });
    const statuses = await queryRows<{ status: string }>(
      deliveryApp.app.db,
      sql`select c.status from contacts c join deliveries d on d.contact_id = c.id where d.id in (${deliveries[0]!.id}, ${deliveries[1]!.id})`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['ACTIVE', 'ACTIVE']);
  });

  describe('Amazon SES through SNS', () => {
    it('confirms the subscription by visiting its SubscribeURL, takes SignatureVersion 1 too, and fetches the certificate once', async () => {
      const confirmation = snsSigned({ Type: 'SubscriptionConfirmation', MessageId: randomUUID(), Token: '2336412f37', TopicArn: TOPIC_ARN, Message: 'You have chosen to subscribe.', SubscribeURL: SUBSCRIBE_URL, Timestamp: new Date().toISOString() });
      const answer = await post('ses', JSON.stringify(confirmation));
      expect(answer.json()).toEqual({ results: [], subscribed: true });
      expect(awsCalls).toContain(SUBSCRIBE_URL);

      const { deliveries } = await sentCampaign(1);
      const message = fillFixture(readFixture('email-events', 'ses-bounce-permanent.json'), deliveries[0]!);
      expect((await post('ses', JSON.stringify(snsNotification(message, '1')))).json()).toEqual({ results: [{ result: 'hard', deliveryId: deliveries[0]!.id }] });
      expect(awsCalls.filter((url) => url === CERT_URL)).toHaveLength(1);
    });

    it('refuses (401, nothing recorded) a wrong signature, a certificate from anywhere but sns.<region>.amazonaws.com over https, and another topic', async () => {
      const { deliveries } = await sentCampaign(1);
      const message = fillFixture(readFixture('email-events', 'ses-bounce-permanent.json'), deliveries[0]!);
      const before = await recorded();
      const callsBefore = awsCalls.length;
      const forged = { ...snsNotification(message), Message: message.replace('Permanent', 'Transient') };
      const elsewhere = (url: string) => ({ ...snsNotification(message), SigningCertURL: url });
      const otherTopic = snsSigned({ Type: 'Notification', MessageId: randomUUID(), TopicArn: 'arn:aws:sns:eu-west-1:999999999999:someone-else', Message: message, Timestamp: new Date().toISOString() });
      const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      const strangerSigned = snsSigned({ Type: 'Notification', MessageId: randomUUID(), TopicArn: TOPIC_ARN, Message: message, Timestamp: new Date().toISOString() }, '2', strangerKey);
      for (const body of [forged, strangerSigned, elsewhere('http://sns.eu-west-1.amazonaws.com/cert.pem'), elsewhere('https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem'), elsewhere('https://evil.example/sns.eu-west-1.amazonaws.com.pem'), otherTopic]) {
        const answer = await post('ses', JSON.stringify(body));
        expect(answer.statusCode, JSON.stringify(body.SigningCertURL)).toBe(401);
      }
      expect(awsCalls.slice(callsBefore).every((url) => url === CERT_URL)).toBe(true);
      expect(await recorded()).toEqual(before);
    });
  });

  it('refuses (401, nothing recorded) SendGrid posts with a wrong or 6-minute-old signature, Postmark posts without its password, and Mailgun posts with a wrong or reused signature', async () => {
    const { deliveries } = await sentCampaign(1);
    const delivery = deliveries[0]!;
    const sendgridBody = fillFixture(readFixture('email-events', 'sendgrid-bounce.json'), delivery);
    const postmarkBody = fillFixture(readFixture('email-events', 'postmark-bounce.json'), delivery);
    const mailgunBody = mailgunSigned(fillFixture(readFixture('email-events', 'mailgun-failed-permanent.json'), delivery));
    const before = await recorded();
    const refused = [
      await post('sendgrid', sendgridBody, sendgridHeaders(sendgridBody.replace('bounce', 'delivered'))),
      await post('sendgrid', sendgridBody, sendgridHeaders(sendgridBody, Math.floor(Date.now() / 1000) - 6 * 60)),
      await post('sendgrid', sendgridBody),
      await post('postmark', postmarkBody, postmarkHeaders('not-the-postmark-secret')),
      await post('postmark', postmarkBody),
      await post('mailgun', mailgunSigned(fillFixture(readFixture('email-events', 'mailgun-failed-permanent.json'), delivery), 'another-signing-key-0123456789')),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await recorded()).toEqual(before);
    // The same Mailgun post twice: the first is taken, the replay refused.
    expect((await post('mailgun', mailgunBody)).json()).toEqual({ results: [{ result: 'hard', deliveryId: delivery.id }] });
    const replay = await post('mailgun', mailgunBody);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/used before/);
  });

  it('a wrong provider setting stops the server at start, naming the variable', () => {
    const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    for (const [variable, value] of [
      ['SENDGRID_WEBHOOK_PUBLIC_KEY', 'not-a-key'],
      ['SENDGRID_WEBHOOK_PUBLIC_KEY', rsaKey],
      ['SES_SNS_TOPIC_ARNS', 'arn:aws:sqs:eu-west-1:123456789012:queue'],
      ['SES_SNS_TOPIC_ARNS', `${TOPIC_ARN},https://sns.example`],
      ['POSTMARK_WEBHOOK_SECRET', 'short'],
      ['MAILGUN_WEBHOOK_SIGNING_KEY', 'short'],
    ]) {
      expect(() => loadConfig({ [variable!]: value }), `${variable}=${value}`).toThrow(new RegExp(`${variable}:`));
    }
    const config = loadConfig({ SES_SNS_TOPIC_ARNS: ` ${TOPIC_ARN} , arn:aws:sns:us-east-1:123456789012:other `, SENDGRID_WEBHOOK_PUBLIC_KEY: SENDGRID_KEY });
    expect(config.delivery.emailEvents).toMatchObject({ sesTopicArns: [TOPIC_ARN, 'arn:aws:sns:us-east-1:123456789012:other'], sendgridPublicKey: SENDGRID_KEY });
  });

  it('a provider that is not configured refuses every call (403), naming the setting', async () => {
    const bare = await startDeliveryApp({}, { worker: false });
    try {
      for (const [provider, variable] of [['ses', 'SES_SNS_TOPIC_ARNS'], ['sendgrid', 'SENDGRID_WEBHOOK_PUBLIC_KEY'], ['postmark', 'POSTMARK_WEBHOOK_SECRET'], ['mailgun', 'MAILGUN_WEBHOOK_SIGNING_KEY']] as const) {
        const answer = await bare.app.inject({ method: 'POST', url: `${EMAIL_EVENTS_PATH}/${provider}`, payload: '{}', headers: { 'content-type': 'application/json' } });
        expect(answer.statusCode).toBe(403);
        expect(answer.json().message).toContain(variable);
      }
    } finally {
      await bare.close();
    }
  });
});
