import type { AppConfig } from '../config';

/**
 * The delivery routes outsiders call, as full paths: the routes are registered at them, and the
 * links and callbacks handed out in messages (and the tests) are built from them, so they agree.
 */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe';
export const TWILIO_STATUS_PATH = '/api/webhooks/twilio/status';
export const TWILIO_INBOUND_PATH = '/api/webhooks/twilio/inbound';
export const INBOUND_EMAIL_PATH = '/api/webhooks/inbound-email';
/** Email providers' event webhooks: `/ses`, `/sendgrid`, `/postmark`, `/mailgun` below it. */
export const EMAIL_EVENTS_PATH = '/api/webhooks/email-events';

/** The one-click link in every campaign email. */
export const unsubscribeUrl = (config: AppConfig, token: string) => `${config.delivery.appUrl}${UNSUBSCRIBE_PATH}/${token}`;

/** Where Twilio reports a text message's status; the delivery id is in it, as a callback may arrive before the send is recorded. */
export const twilioStatusUrl = (config: AppConfig, deliveryId: number) =>
  `${config.delivery.appUrl}${TWILIO_STATUS_PATH}?deliveryId=${deliveryId}`;

/** The public review page behind `${reviewLink}` (outside /api: the link is short, for text messages). */
export const REVIEW_PATH = '/r';

/** The wizard's preview shows this token: as long as a real one, and never issued (real ones are random). */
export const SAMPLE_REVIEW_TOKEN = 'SampleLink-abcdefghijk';

export const reviewUrl = (appUrl: string, token: string) => `${appUrl}${REVIEW_PATH}/${token}`;
