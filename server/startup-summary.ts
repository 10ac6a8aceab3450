import { resolve } from 'node:path';
import type { AppConfig } from './config';
import { channelSetup } from './sending/channels';

export type SummaryLine = { level: 'info' | 'warn'; message: string };

/**
 * What `npm start` says first, in words: where the app is, which database it uses and where its
 * data lives, and whether email and text messages reach people or stay in the outbox. Servers are
 * named by host and port only: the user and password of DATABASE_URL and SMTP_URL never show.
 */
export function startupSummary(config: AppConfig): SummaryLine[] {
  const processes = config.webConcurrency > 1 ? `, ${config.webConcurrency} web processes` : '';
  return [
    { level: 'info', message: `Starboost is at ${localUrl(config)} (Node ${process.version}${processes})` },
    { level: 'info', message: databaseLine(config) },
    { level: 'info', message: emailLine(config) },
    smsLine(config),
  ];
}

/** The address to open on this machine: `localhost` when the server listens on every interface. */
function localUrl({ host, port }: AppConfig) {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** `host:port` of a server URL, without its user, password or options. */
const serverOf = (url: string) => new URL(url).host;

function databaseLine(config: AppConfig) {
  if (!config.databaseUrl) {
    return `Database: embedded PGlite, data in ${resolve(config.dataDir)} (DATA_DIR; set DATABASE_URL for PostgreSQL)`;
  }
  const name = decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1));
  return `Database: PostgreSQL, database "${name}" on ${serverOf(config.databaseUrl)} (DATABASE_URL)`;
}

function emailLine(config: AppConfig) {
  const { smtpUrl } = config.delivery;
  return smtpUrl
    ? `Email: sent through the SMTP server ${serverOf(smtpUrl)} (SMTP_URL)`
    : 'Email: kept in the outbox, not delivered (SMTP_URL is not set)';
}

function smsLine(config: AppConfig): SummaryLine {
  const setup = channelSetup('SMS', config);
  if (setup.name === 'unusable') return { level: 'warn', message: setup.reason };
  return {
    level: 'info',
    message:
      setup.name === 'twilio'
        ? `Text messages: sent through Twilio from ${config.smsFrom}`
        : 'Text messages: kept in the outbox, not delivered (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not set)',
  };
}
