import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { contacts, suppressions } from '../../server/db/schema';
import type { CampaignDetails } from '../../server/sending/details';
import { INBOUND_EMAIL_PATH } from '../../server/sending/paths';
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
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { SmtpSink } from '../support/smtp-sink';

const DKIM_DOMAIN = 'bakery.example';
const DKIM_SELECTOR = 'sb2026';
const BOUNCE_DOMAIN = 'bounces.bakery.example';
const SECRET = 'inbound-secret-0123456789';
// Generated for this run only: no private key is ever committed.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC_DER = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

let sink: SmtpSink;
let deliveryApp: DeliveryApp;
let owner: Owner;

beforeAll(async () => {
  sink = await SmtpSink.start();
  deliveryApp = await startDeliveryApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Corner Bakery <hello@bakery.example>',
    DKIM_DOMAIN,
    DKIM_SELECTOR,
    DKIM_PRIVATE_KEY: PRIVATE_PEM,
    BOUNCE_DOMAIN,
    INBOUND_EMAIL_SECRET: SECRET,
    // A paced campaign stays running after its first batch: auto-pause has something to pause.
    PACING_MINUTE_MS: '600000',
  });
  owner = await signedInOwner(deliveryApp.app);
});
afterAll(async () => {
  await deliveryApp?.close();
  await sink?.close();
});

const emailCampaign = { messageBody: 'Hi ${firstName}, thanks for visiting!' };

/** A new business of the owner with `count` contacts and a filter for all of them. */
async function audience(count: number) {
  const business = await owner.client.createBusiness({ name: `Bakery ${randomUUID().slice(0, 6)}` });
  const shop = { ...owner, businessId: business.id };
  const ids = await addContacts(deliveryApp.app, business.id, count);
  return { shop, ids, filter: await createFilter(shop) };
}

const basic = (password: string) => `Basic ${Buffer.from(`inbound:${password}`).toString('base64')}`;
const postInbound = (raw: string, password = SECRET) =>
  deliveryApp.app.inject({
    method: 'POST',
    url: INBOUND_EMAIL_PATH,
    payload: raw.replace(/\r?\n/g, '\r\n'),
    headers: { 'content-type': 'message/rfc822', authorization: basic(password) },
  });

type Sent = { envelopeFrom: string; to: string; messageId: string };

/** The original message as a whole report quotes it (message/rfc822 part). */
const quotedOriginal = (sent: Sent) => `Return-Path: <${sent.envelopeFrom}>
From: Corner Bakery <hello@bakery.example>
To: ${sent.to}
Message-ID: ${sent.messageId}
Subject: Hello

Hi`;

/** The reports a provider forwards: the DSN goes to the envelope sender (VERP), quoting the original. */
const fixtures = {
  handWritten: (sent: Sent, status = '5.1.1') => `From: MAILER-DAEMON@mx.example.net
To: ${sent.envelopeFrom}
Subject: Delivery Status Notification
Message-ID: <dsn-${randomUUID()}@mx.example.net>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="b1"

--b1
Content-Type: text/plain

Your message could not be delivered.
--b1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net

Final-Recipient: rfc822; ${sent.to}
Action: ${status.startsWith('5') ? 'failed' : 'delayed'}
Status: ${status}

--b1
Content-Type: text/rfc822-headers

Message-ID: ${sent.messageId}
To: ${sent.to}
--b1--
`,
  postfix: (sent: Sent) => `Return-Path: <>
From: MAILER-DAEMON@mail.relay.example (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: ${sent.envelopeFrom}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="4F2B81C0A2.1700000000/mail.relay.example"
Message-Id: <20261122101010.4F2B81C0A2@mail.relay.example>

This is a MIME-encapsulated message.

--4F2B81C0A2.1700000000/mail.relay.example
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.relay.example.

<${sent.to}>: host mx.dest.example[192.0.2.1] said: 550 5.1.1 <${sent.to}>:
    Recipient address rejected: User unknown in virtual mailbox table

--4F2B81C0A2.1700000000/mail.relay.example
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.relay.example
X-Postfix-Queue-ID: 4F2B81C0A2
X-Postfix-Sender: rfc822; ${sent.envelopeFrom}
Arrival-Date: Sun, 22 Nov 2026 10:10:09 +0000 (UTC)

Final-Recipient: rfc822; ${sent.to}
Original-Recipient: rfc822;${sent.to}
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.dest.example
Diagnostic-Code: smtp; 550 5.1.1 <${sent.to}>: Recipient address rejected: User
    unknown in virtual mailbox table

--4F2B81C0A2.1700000000/mail.relay.example
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <${sent.envelopeFrom}>
Message-ID: ${sent.messageId}
From: Corner Bakery <hello@bakery.example>
To: ${sent.to}

--4F2B81C0A2.1700000000/mail.relay.example--
`,
  gmail: (sent: Sent) => `Delivered-To: ${sent.envelopeFrom}
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ${sent.envelopeFrom}
Auto-Submitted: auto-replied
Subject: Delivery Status Notification (Failure)
Message-ID: <6560f0c2.abc@mx.google.com>
MIME-Version: 1.0
Content-Type: multipart/report; boundary="000000000000a1b2c3"; report-type=delivery-status

--000000000000a1b2c3
Content-Type: multipart/related; boundary="000000000000a1b2c4"

--000000000000a1b2c4
Content-Type: multipart/alternative; boundary="000000000000a1b2c5"

--000000000000a1b2c5
Content-Type: text/plain; charset="UTF-8"

** Address not found **

Your message wasn't delivered to ${sent.to} because the address couldn't be found, or is unable to receive mail.

--000000000000a1b2c5--

--000000000000a1b2c4--

--000000000000a1b2c3
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; relay.bakery.example
Arrival-Date: Sun, 22 Nov 2026 02:10:11 -0800 (PST)
X-Original-Message-ID: ${sent.messageId}

Final-Recipient: rfc822; ${sent.to}
Action: failed
Status: 5.1.1
Remote-MTA: dns; gmail-smtp-in.l.google.com. (2607:f8b0::1b)
Diagnostic-Code: smtp; The email account that you tried to reach does not exist.
Last-Attempt-Date: Sun, 22 Nov 2026 02:10:12 -0800 (PST)

--000000000000a1b2c3
Content-Type: message/rfc822

${quotedOriginal(sent)}

--000000000000a1b2c3--
`,
  // Exchange Online's NDR: matched by the original's Message-ID alone.
  outlook: (sent: Sent) => `From: postmaster@outlook.com
To: hello@bakery.example
Date: Sun, 22 Nov 2026 10:10:10 +0000
Content-Type: multipart/report; report-type=delivery-status;
	boundary="a3b1c9e0-2d6f-4a8e-9a7f-7a6b0e2c1d3f"
MIME-Version: 1.0
Message-ID: <a3b1c9e0-2d6f-4a8e-9a7f-7a6b0e2c1d3f@DM6PR01MB1234.namprd01.prod.outlook.com>
Subject: Undeliverable: Hello
Auto-Submitted: auto-replied

--a3b1c9e0-2d6f-4a8e-9a7f-7a6b0e2c1d3f
Content-Type: multipart/alternative; differences=Content-Type;
	boundary="b8e7b5cc-1111-4a1a-8b1b-4c3d2e1f0a9b"

--b8e7b5cc-1111-4a1a-8b1b-4c3d2e1f0a9b
Content-Type: text/plain; charset="us-ascii"

Your message to ${sent.to} couldn't be delivered.

--b8e7b5cc-1111-4a1a-8b1b-4c3d2e1f0a9b--

--a3b1c9e0-2d6f-4a8e-9a7f-7a6b0e2c1d3f
Content-Type: message/delivery-status

Reporting-MTA: dns;DM6PR01MB1234.namprd01.prod.outlook.com
Received-From-MTA: dns;relay.bakery.example
Arrival-Date: Sun, 22 Nov 2026 10:10:09 +0000

Final-Recipient: rfc822;${sent.to}
Action: failed
Status: 5.1.10
Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup

--a3b1c9e0-2d6f-4a8e-9a7f-7a6b0e2c1d3f
Content-Type: message/rfc822

Message-ID: ${sent.messageId}
From: Corner Bakery <hello@bakery.example>
To: <${sent.to}>
Subject: Hello

--a3b1c9e0-2d6f-4a8e-9a7f-7a6b0e2c1d3f--
`,
  // An abuse report (ARF, RFC 5965) as a feedback loop sends it.
  complaint: (sent: Sent) => `From: feedbackloop@fbl.mailbox.example
To: fbl@bakery.example
Subject: FW: Hello
Message-ID: <fbl-${randomUUID()}@fbl.mailbox.example>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="part1"

--part1
Content-Type: text/plain; charset="US-ASCII"

This is an email abuse report for an email message received from IP 192.0.2.7.

--part1
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <${sent.envelopeFrom}>
Original-Rcpt-To: <${sent.to}>
Source-IP: 192.0.2.7

--part1
Content-Type: message/rfc822

${quotedOriginal(sent)}
--part1--
`,
};

/** What each recipient of a finished (or running) campaign got: envelope sender, address and Message-ID. */
async function sentMessages(campaignId: number): Promise<Sent[]> {
  const rows = await deliveryRows(deliveryApp.app, campaignId);
  return rows
    .filter((row) => row.providerId)
    .map((row) => ({ envelopeFrom: `bounce+${row.unsubscribeToken.replaceAll('-', '')}@${BOUNCE_DOMAIN}`, to: row.address, messageId: row.providerId! }));
}

/** The messages of a paced campaign once exactly `count` have left (its first minute's batch). */
const sendsOf = (campaignId: number, count: number) =>
  waitFor(async () => {
    const messages = await sentMessages(campaignId);
    return messages.length === count ? messages : undefined;
  }, 30_000, `${count} sends`);

const suppressionsOf = (businessId: number) =>
  deliveryApp.app.db
    .select({ address: suppressions.address, channel: suppressions.channel, reason: suppressions.reason })
    .from(suppressions)
    .where(eq(suppressions.businessId, businessId))
    .orderBy(suppressions.address);

describe('DKIM and VERP', () => {
  it('signs every campaign email; a real verifier passes it against the public key; the envelope sender is per delivery', async () => {
    const { shop, filter } = await audience(2);
    const launched = await launchCampaign(shop, filter, emailCampaign);
    await finishedCampaign(shop, launched.id);
    const sent = await sentMessages(launched.id);
    const received = sink.emails.filter((email) => sent.some((message) => email.to.includes(message.to)));
    expect(received).toHaveLength(2);
    const resolver = async (name: string, type: string) => {
      expect([name, type]).toEqual([`${DKIM_SELECTOR}._domainkey.${DKIM_DOMAIN}`, 'TXT']);
      return [[`v=DKIM1; k=rsa; p=${PUBLIC_DER}`]];
    };
    for (const email of received) {
      const { results } = await dkimVerify(email.raw, { resolver });
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ signingDomain: DKIM_DOMAIN, selector: DKIM_SELECTOR, status: { result: 'pass' } });
      const signedHeaders = results[0]!.signingHeaders!.keys.toLowerCase().split(': ');
      expect(signedHeaders).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']));
      expect(sent.map((message) => message.envelopeFrom)).toContain(email.from);
    }
    // Changed in transit: the verifier fails it.
    const tampered = Buffer.from(received[0]!.raw.toString('latin1').replace('thanks for visiting', 'thanks for nothing'), 'latin1');
    expect((await dkimVerify(tampered, { resolver })).results[0]!.status.result).not.toBe('pass');
  });

  it('a wrong DKIM setting stops the server at start, naming the variable', () => {
    const dkim = { DKIM_DOMAIN, DKIM_SELECTOR };
    expect(() => loadConfig({ ...dkim, DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----' })).toThrow(
      /DKIM_PRIVATE_KEY: is not a PEM private key/,
    );
    expect(() => loadConfig({ ...dkim, DKIM_PRIVATE_KEY: '/no/such/dkim.pem' })).toThrow(/DKIM_PRIVATE_KEY: .*cannot be read/);
    expect(() => loadConfig({ DKIM_DOMAIN, DKIM_PRIVATE_KEY: PRIVATE_PEM })).toThrow(/DKIM_SELECTOR: must be set too/);
    expect(() => loadConfig({ ...dkim, DKIM_PRIVATE_KEY: 'x' })).toThrow(ConfigError);
    // A file path works as well as the PEM text.
    const file = join(tmpdir(), `dkim-${randomUUID()}.pem`);
    writeFileSync(file, PRIVATE_PEM, { mode: 0o600 });
    expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY: file }).delivery.dkim).toMatchObject({ domainName: DKIM_DOMAIN, privateKey: PRIVATE_PEM });
  });
});

describe('the inbound-email webhook', () => {
  it('is refused (401) without the secret as its Basic password', async () => {
    const raw = fixtures.handWritten({ envelopeFrom: `bounce+${'0'.repeat(32)}@${BOUNCE_DOMAIN}`, to: 'x@example.com', messageId: '<x@y>' });
    expect((await postInbound(raw, 'wrong-secret-0123456789')).statusCode).toBe(401);
    const unsigned = await deliveryApp.app.inject({ method: 'POST', url: INBOUND_EMAIL_PATH, payload: raw, headers: { 'content-type': 'message/rfc822' } });
    expect(unsigned.statusCode).toBe(401);
    expect((await postInbound(raw)).json()).toEqual({ result: 'ignored', deliveryId: null });
  });

  it.each(['handWritten', 'postfix', 'gmail', 'outlook'] as const)(
    'a hard bounce (%s) is shown on the recipient’s row, counted, and suppresses the address for the business',
    async (shape) => {
      const { shop, filter } = await audience(2);
      const launched = await launchCampaign(shop, filter, emailCampaign);
      await finishedCampaign(shop, launched.id);
      const [bounced] = await sentMessages(launched.id);
      const answer = await postInbound(fixtures[shape](bounced!));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ result: 'hard' });

      const details = (await shop.client.get(`/api/campaign/get-campaign-details/${launched.id}`)).json() as CampaignDetails;
      expect(details.bounces).toEqual({ hard: 1, soft: 0, complaints: 0 });
      const row = details.recipients.items.find((item) => item.address === bounced!.to)!;
      expect(row).toMatchObject({ state: 'failed', bounce: 'hard' });
      expect(row.error).toMatch(/^Bounce report \(5\.1\.10?\)$/);
      expect(await suppressionsOf(shop.businessId)).toEqual([{ address: bounced!.to.toLowerCase(), channel: 'EMAIL', reason: 'hard_bounce' }]);

      const again = await launchCampaign(shop, filter, emailCampaign);
      await finishedCampaign(shop, again.id);
      const rows = await deliveryRows(deliveryApp.app, again.id);
      expect(rows.find((r) => r.address === bounced!.to)).toMatchObject({ state: 'skipped', error: 'skipped: suppressed (hard bounce)' });
    },
  );

  it('soft bounces (4.x.x) count; three emails in a row soft-bounced make a hard one, however often each is reported', async () => {
    const { shop, filter } = await audience(1);
    for (let i = 1; i <= 3; i += 1) {
      const launched = await launchCampaign(shop, filter, emailCampaign);
      await finishedCampaign(shop, launched.id);
      const [sent] = await sentMessages(launched.id);
      // A delay warning, then its final failure, then a retried post: one email, counted once.
      for (const report of [fixtures.handWritten(sent!, '4.4.7'), fixtures.handWritten(sent!, '4.2.2')]) {
        expect((await postInbound(report)).json()).toMatchObject({ result: 'soft' });
        expect(await suppressionsOf(shop.businessId)).toHaveLength(i < 3 ? 0 : 1);
      }
    }
    const [address] = await suppressionsOf(shop.businessId);
    expect(address).toMatchObject({ channel: 'EMAIL', reason: 'hard_bounce' });
  });

  it('a complaint (ARF) unsubscribes the contact and suppresses the address', async () => {
    const { shop, ids, filter } = await audience(1);
    const launched = await launchCampaign(shop, filter, emailCampaign);
    await finishedCampaign(shop, launched.id);
    const [sent] = await sentMessages(launched.id);
    expect((await postInbound(fixtures.complaint(sent!))).json()).toMatchObject({ result: 'complaint' });
    const [contact] = await deliveryApp.app.db.select({ status: contacts.status }).from(contacts).where(eq(contacts.id, ids[0]!));
    expect(contact!.status).toBe('UNSUBSCRIBED');
    expect(await suppressionsOf(shop.businessId)).toEqual([{ address: sent!.to.toLowerCase(), channel: 'EMAIL', reason: 'complaint' }]);
  });
});

describe('auto-pause', () => {
  it('a campaign pauses itself, with the reason on its card, when hard bounces exceed 5 % after 100 sends', async () => {
    const { shop, filter } = await audience(120);
    // 100 now, the rest a (long) pacing minute later: it is still running when the bounces come.
    const launched = await launchCampaign(shop, filter, { ...emailCampaign, sendAllAtOnce: false, interval: 1, intervalSize: 100 });
    const sent = await sendsOf(launched.id, 100);
    for (const message of sent.slice(0, 5)) await postInbound(fixtures.handWritten(message));
    expect((await listedCampaign(shop, launched.id)).status).toBe('IN_PROGRESS');
    await postInbound(fixtures.handWritten(sent[5]!));
    expect(await listedCampaign(shop, launched.id)).toMatchObject({
      status: 'PAUSED',
      failureReason: 'Paused by itself: 6 of 100 emails bounced hard (over 5 %). Check the list, then start the campaign again.',
    });
  });

  it('and when complaints exceed 0.1 %', async () => {
    const { shop, filter } = await audience(8);
    const launched = await launchCampaign(shop, filter, { ...emailCampaign, sendAllAtOnce: false, interval: 1, intervalSize: 5 });
    const sent = await sendsOf(launched.id, 5);
    await postInbound(fixtures.complaint(sent[0]!));
    expect(await listedCampaign(shop, launched.id)).toMatchObject({
      status: 'PAUSED',
      failureReason: 'Paused by itself: 1 of 5 recipients reported the email as spam (over 0.1 %). Check the list and the message, then start the campaign again.',
    });
  });
});
