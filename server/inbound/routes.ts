import formbody from '@fastify/formbody';
import * as z from 'zod/mini';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import { badRequest, forbidden, unauthorized } from '../lib/errors';
import { parseId } from '../lib/ids';
import { fileAnswer } from '../lib/schemas';
import { applyTwilioStatus, unsubscribeByToken, unsubscribeTarget, type UnsubscribeTarget } from '../suppressions/opt-outs';
import { smsReplies, twiml } from './sms-replies';
import { applyPhoneReply, lastSenderTo } from '../suppressions/addresses';
import { INBOUND_EMAIL_PATH, TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH, UNSUBSCRIBE_PATH } from '../sending/paths';
import { applyDeliveryReport, REPORT_RESULTS } from './bounces';
import { hasBasicPassword } from './basic-password';
import { readInboundReport } from './inbound-mail/read-report';
import { UnreadableMail } from './inbound-mail/mime';
import { HELP_WORDS, START_WORDS, STOP_WORDS, validTwilioSignature } from '../sending/sms';
import { unsubscribePage } from './unsubscribe-page';
import { sendPublicPage } from '../lib/public-page';

type FormBody = Record<string, string | string[] | undefined>;

/** A bounce quotes the original message; 10 MB is more than any campaign email. */
const INBOUND_EMAIL_MAX_BYTES = 10 * 1024 * 1024;

export const INBOUND_UNREADABLE = 'The message has too many parts, nested too deep, or a header too long to be a bounce or complaint report; it was not read.';

/** Called by mail clients and Twilio, not by the signed-in app: public, and free of the cross-site checks. */
const fromOutside = { config: { crossSiteAllowed: true } };

const field = (body: FormBody, name: string) => {
  const value = body[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

const unsubscribeSchema = {
  tags: ['Unsubscribe'],
  security: [],
  params: z.object({ token: z.string() }),
  response: {
    200: fileAnswer('text/html', 'The confirmation page'),
    404: fileAnswer('text/html', 'The link is not valid'),
  },
};

/** Twilio's form fields, kept as they are: the signature (X-Twilio-Signature) covers every one of them. */
const twilioSchema = {
  tags: ['Twilio webhooks'],
  security: [],
  consumes: ['application/x-www-form-urlencoded'],
  body: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
};

/** Unsubscribe links (RFC 8058 one-click) and Twilio's webhooks; form-encoded bodies only here. */
const deliveryRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  const { config } = opts;
  await app.register(formbody);
  // One-click unsubscribe may be posted as multipart/form-data; its content does not matter.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, _body, done) => done(null, {}));

  const answer = (reply: FastifyReply, target: UnsubscribeTarget | null, done: boolean) =>
    target
      ? sendPublicPage(reply, 200, unsubscribePage(target, done, reply.cspNonce.style))
      : sendPublicPage(reply, 404, unsubscribePage(null, false, reply.cspNonce.style));

  app.get(
    `${UNSUBSCRIBE_PATH}/:token`,
    { schema: { ...unsubscribeSchema, summary: 'The unsubscribe page of a campaign email' } },
    async (request, reply) => answer(reply, await unsubscribeTarget(app.db, request.params.token), false),
  );

  app.post(
    `${UNSUBSCRIBE_PATH}/:token`,
    { ...fromOutside, schema: { ...unsubscribeSchema, summary: 'Unsubscribe (RFC 8058 one-click; any body)' } },
    async (request, reply) => answer(reply, await unsubscribeByToken(app.db, request.params.token), true),
  );

  /** Twilio signs the URL it called (our public APP_URL plus path and query) and the form fields. */
  function checkTwilioSignature(request: FastifyRequest): FormBody {
    const authToken = config.delivery.twilio.authToken;
    if (!authToken) throw forbidden('Twilio is not configured.');
    const body = (request.body ?? {}) as FormBody;
    const signature = request.headers['x-twilio-signature'];
    const url = `${config.delivery.appUrl}${request.url}`;
    if (!validTwilioSignature(authToken, url, body, typeof signature === 'string' ? signature : undefined)) {
      throw forbidden('The Twilio signature is missing or wrong.');
    }
    return body;
  }

  app.post(
    TWILIO_STATUS_PATH,
    {
      ...fromOutside,
      schema: {
        ...twilioSchema,
        summary: "Twilio's status callback for a text message",
        querystring: z.object({ deliveryId: z.optional(z.string()) }),
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const body = checkTwilioSignature(request);
      await applyTwilioStatus(app.db, {
        deliveryId: parseId(request.query.deliveryId) ?? null,
        messageSid: field(body, 'MessageSid') || field(body, 'SmsSid'),
        status: field(body, 'MessageStatus') || field(body, 'SmsStatus'),
        errorCode: field(body, 'ErrorCode') || undefined,
        errorMessage: field(body, 'ErrorMessage') || undefined,
      });
      return reply.status(204).send();
    },
  );

  /** The provider calls https://inbound:SECRET@app/api/webhooks/inbound-email: Basic auth, the password checked. */
  function checkInboundSecret(request: FastifyRequest) {
    if (!hasBasicPassword(request.headers.authorization, config.delivery.inboundEmailSecret)) {
      throw unauthorized('The inbound-email webhook needs the INBOUND_EMAIL_SECRET as its Basic password.');
    }
  }

  app.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit: INBOUND_EMAIL_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    INBOUND_EMAIL_PATH,
    {
      ...fromOutside,
      bodyLimit: INBOUND_EMAIL_MAX_BYTES,
      schema: {
        tags: ['Email webhooks'],
        summary:
          'Inbound email from the mail provider: bounces (RFC 3464 and the text bounces of common mail servers), complaints (ARF, Outlook.com JMRP) and unsubscribe requests about campaign emails',
        consumes: ['message/rfc822'],
        security: [{ inboundEmailSecret: [] }],
        response: {
          200: z.object({
            result: z.enum(REPORT_RESULTS),
            deliveryId: z.nullable(z.int()),
          }),
        },
      },
    },
    async (request) => {
      checkInboundSecret(request);
      if (!Buffer.isBuffer(request.body)) throw badRequest('Send the raw message as the body, with Content-Type: message/rfc822.');
      let report;
      try {
        report = await readInboundReport(request.body);
      } catch (error) {
        if (error instanceof UnreadableMail) throw badRequest(INBOUND_UNREADABLE);
        throw error;
      }
      // Anything else (a reply, an auto-reply, a report of no message of ours) is taken and dropped: no retries.
      return report ? applyDeliveryReport(app.db, report, 'mail') : { result: 'ignored' as const, deliveryId: null };
    },
  );

  app.post(
    TWILIO_INBOUND_PATH,
    {
      ...fromOutside,
      schema: {
        ...twilioSchema,
        summary: 'Incoming text messages: STOP and START words change the sender’s subscription, HELP is answered',
        response: { 200: fileAnswer('text/xml', 'A TwiML answer: the reply, or none') },
      },
    },
    async (request, reply) => {
      const body = checkTwilioSignature(request);
      const word = field(body, 'Body').trim().toUpperCase().replace(/\s+/g, ' ');
      const digits = field(body, 'From').replace(/^\+/, '');
      const appAnswers = config.delivery.twilio.optOutReplies === 'app';
      let answer: string | null = null;
      if (STOP_WORDS.has(word) || START_WORDS.has(word)) {
        const stop = STOP_WORDS.has(word);
        const [business] = await applyPhoneReply(app.db, digits, stop, `SMS reply ${word}`);
        // With Twilio's Advanced Opt-Out, Twilio sends the confirmation; one reply, never two.
        if (business && appAnswers) answer = stop ? smsReplies.stopped(business) : smsReplies.started(business);
      } else if (HELP_WORDS.has(word)) {
        answer = smsReplies.help(await lastSenderTo(app.db, digits));
      }
      return reply.type('text/xml').send(twiml(answer));
    },
  );
};

export default deliveryRoutes;
