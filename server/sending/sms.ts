import { createHmac } from 'node:crypto';
import type { AppConfig } from '../config';
import type { SuppressionReason } from '#domain';
import type { Channel, OutgoingMessage, SendOutcome, SendSuppression } from './channel-types';
import { twilioStatusUrl } from './paths';
import { sameSecret } from '../lib/constant-time';

type FormParams = Record<string, string | string[] | undefined>;

/**
 * Twilio's request signature: HMAC-SHA1 with the auth token over the full URL Twilio called
 * followed by every POST parameter as name and value, names sorted; base64.
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    for (const item of Array.isArray(value) ? value : [value ?? '']) data += name + item;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(authToken: string, url: string, params: FormParams, signature: string | undefined) {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return sameSecret(given, expected);
}

/**
 * Twilio errors that mean the number will never take a text from us: put on the business's
 * suppression list with the reason, so no later campaign tries it again.
 */
const SUPPRESSING_ERRORS: Record<string, { reason: SuppressionReason; what: string }> = {
  21610: { reason: 'stop', what: 'the number unsubscribed at the carrier (STOP)' },
  21211: { reason: 'invalid_number', what: 'not a valid phone number' },
  21614: { reason: 'invalid_number', what: 'not a mobile number' },
  30006: { reason: 'invalid_number', what: 'a landline or unreachable carrier' },
};

/** The suppression a Twilio error code calls for, or null. */
export function suppressingTwilioError(code: string | number | undefined): SendSuppression | null {
  const known = code === undefined ? undefined : SUPPRESSING_ERRORS[String(code)];
  if (!known) return null;
  const source = `Twilio error ${code}: ${known.what}`;
  return { reason: known.reason, evidence: `Twilio error ${code}`, kind: 'suppressed', source };
}

/** Too many requests, Twilio's own trouble and no answer at all are worth another try; other 4xx are not. */
const isTemporary = (status: number) => status === 429 || status >= 500;

/** Text messages through Twilio's Messages API (form-encoded POST, basic auth), one request per message. */
export function smsChannel(config: AppConfig): Channel {
  const { accountSid, authToken, baseUrl } = config.delivery.twilio;
  const endpoint = `${baseUrl}/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  async function sendOne(message: OutgoingMessage): Promise<SendOutcome> {
    const { id, attempts } = message;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          To: message.address,
          From: config.smsFrom!,
          Body: message.body,
          StatusCallback: twilioStatusUrl(config, id),
        }),
        signal: AbortSignal.timeout(config.delivery.sendTimeoutMs),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (response.ok) return { id, attempts, result: 'sent', providerId: answer.sid ?? null };
      const error = `Twilio ${response.status}${answer.code ? ` (error ${answer.code})` : ''}: ${answer.message ?? response.statusText}`.slice(0, 500);
      if (isTemporary(response.status)) return { id, attempts, result: 'retry', error };
      return { id, attempts, result: 'failed', error, suppress: suppressingTwilioError(answer.code) ?? undefined };
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'Twilio did not answer in time' : `Twilio could not be reached: ${(error as Error).message}`;
      return { id, attempts, result: 'retry', error: reason };
    }
  }

  return {
    name: 'twilio',
    send: (messages) => Promise.all(messages.map(sendOne)),
    close: async () => {},
  };
}

/** Twilio's status words as delivery states; the others (accepted, scheduled, …) change nothing. */
export const TWILIO_STATUS_STATES: Record<string, 'sent' | 'delivered' | 'failed'> = {
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};

// CTIA's opt-out words (2024: REVOKE and OPT OUT too) and Twilio's.
export const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT']);
export const HELP_WORDS = new Set(['HELP', 'INFO']);
export const START_WORDS = new Set(['START', 'UNSTOP']);
