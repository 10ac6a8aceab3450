import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import { queryRows } from '../../db/client';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';
import { hasBasicPassword } from '../basic-password';
import { applyDeliveryReport, REPORT_RESULTS, type ReportResult } from '../bounces';
import { EMAIL_EVENTS_PATH } from '../../sending/paths';
import type { DeliveryReport } from '../reports';
import { MAILGUN_TOKEN_LIFETIME_SECONDS, mailgunReport, validMailgunSignature, type MailgunPost } from './mailgun';
import { postmarkReport, type PostmarkEvent } from './postmark';
import { sendgridPublicKey, sendgridReports, validSendgridSignature, type SendgridEvent } from './sendgrid';
import { isSesNotification, sesReports } from './ses';
import { isSnsUrl, SnsRefused, SnsVerifier, type AwsFetch } from './sns';

/** SendGrid posts up to a few thousand events at once; nothing legitimate comes near this. */
const EVENTS_MAX_BYTES = 5 * 1024 * 1024;

const resultsAnswer = z.object({
  results: z.array(z.object({ result: z.enum(REPORT_RESULTS), deliveryId: z.nullable(z.int()) })),
  /** SES: the SNS subscription was confirmed. */
  subscribed: z.optional(z.boolean()),
});

/** AWS is called for certificates and subscription confirmations; a stuck call gives up. */
const awsFetch: AwsFetch = (url) => fetch(url, { signal: AbortSignal.timeout(10_000) });

const nowSeconds = () => Math.floor(Date.now() / 1000);

function parsedJson(body: unknown): unknown {
  try {
    return JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : String(body ?? ''));
  } catch {
    throw badRequest('The body is not JSON.');
  }
}

const notConfigured = (provider: string, variable: string) =>
  forbidden(`${provider} events are not configured: set ${variable} to take them.`);

/**
 * The email providers' event webhooks: Amazon SES through SNS, SendGrid, Postmark and Mailgun
 * report bounces, complaints and deliveries here. Each checks its sender (SNS and SendGrid
 * signatures, Postmark's Basic password, Mailgun's HMAC) before anything is read or recorded: a
 * refused call answers 401 and changes nothing. Reports then count as inbound mail does, once each.
 */
const emailEventRoutes: FastifyPluginAsyncZod<{ config: AppConfig; awsFetch?: AwsFetch }> = async (app, opts) => {
  const settings = opts.config.delivery.emailEvents;
  const fetchFromAws = opts.awsFetch ?? awsFetch;
  const sns = new SnsVerifier(fetchFromAws);
  const sendgridKey = settings.sendgridPublicKey ? sendgridPublicKey(settings.sendgridPublicKey) : null;

  // Raw bodies (in this plugin only): SendGrid signs the bytes, and SNS posts its JSON as text/plain.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: EVENTS_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  async function applyAll(reports: DeliveryReport[], source: string) {
    const results: ReportResult[] = [];
    for (const report of reports) results.push(await applyDeliveryReport(app.db, report, source));
    return { results };
  }

  const route = (summary: string, security: Array<Record<string, string[]>>) => ({
    config: { crossSiteAllowed: true },
    bodyLimit: EVENTS_MAX_BYTES,
    schema: { tags: ['Email webhooks'], summary, consumes: ['application/json'], security, response: { 200: resultsAnswer } },
  });

  app.post(
    `${EMAIL_EVENTS_PATH}/ses`,
    route('Amazon SES notifications (Bounce, Complaint, Delivery) through an SNS topic of SES_SNS_TOPIC_ARNS; the SNS signature is the credential', []),
    async (request) => {
      if (settings.sesTopicArns.length === 0) throw notConfigured('Amazon SES', 'SES_SNS_TOPIC_ARNS');
      const body = parsedJson(request.body);
      let message;
      try {
        message = await sns.verified(body);
      } catch (error) {
        if (error instanceof SnsRefused) throw unauthorized(error.message);
        throw error;
      }
      // SNS signs every topic's messages, anyone's: only our topics count.
      if (!settings.sesTopicArns.includes(message.TopicArn)) throw unauthorized('The SNS topic is not one of SES_SNS_TOPIC_ARNS.');
      if (message.Type === 'SubscriptionConfirmation') {
        if (!isSnsUrl(message.SubscribeURL)) throw badRequest('The SNS SubscribeURL is not an https://sns.<region>.amazonaws.com address.');
        const confirmed = await fetchFromAws(message.SubscribeURL!).catch(() => null);
        if (!confirmed?.ok) throw badRequest('The SNS subscription could not be confirmed; confirm it in the AWS console, or let SNS send the confirmation again.');
        return { results: [], subscribed: true };
      }
      if (message.Type !== 'Notification') return { results: [] };
      let notification: unknown;
      try {
        notification = JSON.parse(message.Message);
      } catch {
        notification = null;
      }
      return applyAll(isSesNotification(notification) ? sesReports(notification, message.MessageId) : [], 'ses');
    },
  );

  app.post(
    `${EMAIL_EVENTS_PATH}/sendgrid`,
    route("SendGrid's Event Webhook (bounce, dropped, spamreport, delivered, deferred); signed with SENDGRID_WEBHOOK_PUBLIC_KEY's private key", []),
    async (request) => {
      if (!sendgridKey) throw notConfigured('SendGrid', 'SENDGRID_WEBHOOK_PUBLIC_KEY');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-twilio-email-event-webhook-signature'];
      const timestamp = request.headers['x-twilio-email-event-webhook-timestamp'];
      if (!validSendgridSignature(sendgridKey, body, String(signature ?? ''), String(timestamp ?? ''), nowSeconds())) {
        throw unauthorized('The SendGrid signature is missing, wrong, or older than 5 minutes.');
      }
      const events = parsedJson(body);
      if (!Array.isArray(events)) throw badRequest('SendGrid posts a JSON array of events.');
      return applyAll(sendgridReports(events.filter((event): event is SendgridEvent => !!event && typeof event === 'object')), 'sendgrid');
    },
  );

  app.post(
    `${EMAIL_EVENTS_PATH}/postmark`,
    route("Postmark's Bounce, SpamComplaint and Delivery webhooks, called as https://postmark:POSTMARK_WEBHOOK_SECRET@…", [{ postmarkSecret: [] }]),
    async (request) => {
      if (!settings.postmarkSecret) throw notConfigured('Postmark', 'POSTMARK_WEBHOOK_SECRET');
      if (!hasBasicPassword(request.headers.authorization, settings.postmarkSecret)) {
        throw unauthorized('The Postmark webhook needs the POSTMARK_WEBHOOK_SECRET as its Basic password.');
      }
      const event = parsedJson(request.body);
      if (!event || typeof event !== 'object' || Array.isArray(event)) throw badRequest('Postmark posts one JSON object per event.');
      const report = postmarkReport(event as PostmarkEvent);
      return applyAll(report ? [report] : [], 'postmark');
    },
  );

  app.post(
    `${EMAIL_EVENTS_PATH}/mailgun`,
    route("Mailgun's webhooks (failed, complained, delivered); signed with MAILGUN_WEBHOOK_SIGNING_KEY, each signature taken once", []),
    async (request) => {
      if (!settings.mailgunSigningKey) throw notConfigured('Mailgun', 'MAILGUN_WEBHOOK_SIGNING_KEY');
      const post = parsedJson(request.body) as MailgunPost | null;
      if (!post || typeof post !== 'object' || !validMailgunSignature(settings.mailgunSigningKey, post, nowSeconds())) {
        throw unauthorized('The Mailgun signature is missing, wrong, or older than a day.');
      }
      const tokenKey = `mailgun-token:${post.signature!.token}`;
      const [fresh] = await queryRows<{ key: string }>(
        app.db,
        sql`with forgotten as (delete from inbound_reports where expires_at < now())
            insert into inbound_reports (key, expires_at) values (${tokenKey}, now() + make_interval(secs => ${MAILGUN_TOKEN_LIFETIME_SECONDS}))
            on conflict (key) do nothing returning key`,
      );
      if (!fresh) throw unauthorized('This Mailgun signature was used before: a replayed call is refused.');
      const report = mailgunReport(post);
      try {
        return await applyAll(report ? [report] : [], 'mailgun');
      } catch (error) {
        // Not applied: Mailgun's retry, signed with the same token, must be taken.
        await app.db.execute(sql`delete from inbound_reports where key = ${tokenKey}`);
        throw error;
      }
    },
  );
};

export default emailEventRoutes;
