import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { idParam } from '../contact-filters/queries';
import { forbidden } from '../lib/errors';
import { applyTwilioStatus, setStatusByPhone, unsubscribeByToken, unsubscribeTarget, type UnsubscribeTarget } from './opt-outs';
import { START_WORDS, STOP_WORDS, validTwilioSignature } from './sms';
import { unsubscribePage } from './unsubscribe-page';

type TokenParams = { Params: { token: string } };
type FormBody = Record<string, string | string[] | undefined>;

/** Called by mail clients and Twilio, not by the signed-in app: public, and free of the cross-site checks. */
const fromOutside = { config: { crossSiteAllowed: true } };

const field = (body: FormBody, name: string) => {
  const value = body[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** Unsubscribe links (RFC 8058 one-click) and Twilio's webhooks; form-encoded bodies only here. */
export default async function deliveryRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const { config } = opts;
  await app.register(formbody);
  // One-click unsubscribe may be posted as multipart/form-data; its content does not matter.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, _body, done) => done(null, {}));

  const page = (reply: FastifyReply, statusCode: number, html: string) =>
    reply.status(statusCode).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  const answer = (reply: FastifyReply, target: UnsubscribeTarget | null, done: boolean) =>
    target ? page(reply, 200, unsubscribePage(target, done)) : page(reply, 404, unsubscribePage(null, false));

  app.get<TokenParams>('/unsubscribe/:token', async (request, reply) =>
    answer(reply, await unsubscribeTarget(app.db, request.params.token), false),
  );

  app.post<TokenParams>('/unsubscribe/:token', fromOutside, async (request, reply) =>
    answer(reply, await unsubscribeByToken(app.db, request.params.token), true),
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

  app.post<{ Querystring: { deliveryId?: string } }>('/webhooks/twilio/status', fromOutside, async (request, reply) => {
    const body = checkTwilioSignature(request);
    const deliveryId = request.query.deliveryId ? idParam(request.query.deliveryId) : 0;
    await applyTwilioStatus(app.db, {
      deliveryId: deliveryId || null,
      messageSid: field(body, 'MessageSid') || field(body, 'SmsSid'),
      status: field(body, 'MessageStatus') || field(body, 'SmsStatus'),
      errorCode: field(body, 'ErrorCode') || undefined,
      errorMessage: field(body, 'ErrorMessage') || undefined,
    });
    return reply.status(204).send();
  });

  app.post('/webhooks/twilio/inbound', fromOutside, async (request, reply) => {
    const body = checkTwilioSignature(request);
    const word = field(body, 'Body').trim().toUpperCase();
    const from = field(body, 'From');
    if (STOP_WORDS.has(word)) await setStatusByPhone(app.db, from, 'UNSUBSCRIBED');
    else if (START_WORDS.has(word)) await setStatusByPhone(app.db, from, 'ACTIVE');
    // An empty TwiML answer: Twilio's own opt-out handling sends the carrier-required reply.
    return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
}
