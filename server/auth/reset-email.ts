import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME, RESET_PASSWORD_PATH } from '#domain';
import type { AppConfig } from '../config';

export type ResetEmail = { to: string; firstName: string; token: string };

export type ResetMailer = { send(email: ResetEmail): Promise<void>; close(): void };

export const resetLink = (config: AppConfig, token: string) =>
  `${config.delivery.appUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;

function resetText(config: AppConfig, { firstName, token }: ResetEmail) {
  const minutes = config.passwordReset.ttlMinutes;
  return [
    `Hello ${firstName},`,
    '',
    `someone (we hope you) asked to reset the password of your ${PRODUCT_NAME} account. Choose a new one here:`,
    '',
    resetLink(config, token),
    '',
    `The link works once, for ${minutes} minutes. If you did not ask, ignore this email: your password stays as it is.`,
    '',
  ].join('\n');
}

/**
 * Reset emails go through SMTP_URL like campaign emails. Without it they go to the outbox: the log
 * says at info level that one was asked for and for whom, never the link (whoever reads logs must
 * not be able to take over the account).
 */
export function resetMailer(config: AppConfig, log: FastifyBaseLogger): ResetMailer {
  const smtpUrl = config.delivery.smtpUrl;
  if (!smtpUrl) {
    return {
      send: async ({ to }) => log.info({ to }, 'password reset email in the outbox (no SMTP_URL configured): not delivered'),
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
    async send(email) {
      await transport.sendMail({
        from: config.mailFrom,
        to: email.to,
        subject: `Reset your ${PRODUCT_NAME} password`,
        text: resetText(config, email),
      });
    },
    close: () => transport.close(),
  };
}
