import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { FORGOT_PASSWORD_PATH, PRODUCT_NAME, RESET_PASSWORD_PATH } from '#domain';
import type { AppConfig } from '../config';

/** An email about the account itself (not a campaign's): `kind` names it in the outbox's log line. */
export type AccountEmail = { kind: string; to: string; subject: string; text: string };

export type AccountMailer = { send(email: AccountEmail): Promise<void>; close(): void };

export const resetLink = (config: AppConfig, token: string) =>
  `${config.delivery.appUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;

export function resetEmail(config: AppConfig, { to, firstName, token }: { to: string; firstName: string; token: string }): AccountEmail {
  const minutes = config.passwordReset.ttlMinutes;
  return {
    kind: 'password reset',
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Hello ${firstName},`,
      '',
      `someone (we hope you) asked to reset the password of your ${PRODUCT_NAME} account. Choose a new one here:`,
      '',
      resetLink(config, token),
      '',
      `The link works once, for ${minutes} minutes. If you did not ask, ignore this email: your password stays as it is.`,
      '',
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to register again: the sign-up answered as for a new one. */
export function signUpAttemptEmail(config: AppConfig, { to, firstName }: { to: string; firstName: string }): AccountEmail {
  const appUrl = config.delivery.appUrl;
  return {
    kind: 'sign-up attempt',
    to,
    subject: `Someone tried to create a ${PRODUCT_NAME} account with your email address`,
    text: [
      `Hello ${firstName},`,
      '',
      `someone tried to create a new ${PRODUCT_NAME} account with this email address, which already has one. Nothing was changed: your account and password stay as they are.`,
      '',
      `If it was you, sign in at ${appUrl}/login, or choose a new password at ${appUrl}${FORGOT_PASSWORD_PATH}.`,
      'If it was not you, you need not do anything.',
      '',
    ].join('\n'),
  };
}

/**
 * Account emails go through SMTP_URL like campaign emails. Without it they go to the outbox: the log
 * says at info level which kind was asked for and for whom, never the text (a reset link in a log
 * would let whoever reads logs take over the account).
 */
export function accountMailer(config: AppConfig, log: FastifyBaseLogger): AccountMailer {
  const smtpUrl = config.delivery.smtpUrl;
  if (!smtpUrl) {
    return {
      send: async ({ kind, to }) => log.info({ to }, `${kind} email in the outbox (no SMTP_URL configured): not delivered`),
      close: () => {},
    };
  }
  const timeout = config.delivery.sendTimeoutMs;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from: config.mailFrom, to, subject, text });
    },
    close: () => transport.close(),
  };
}
