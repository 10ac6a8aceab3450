import nodemailer from 'nodemailer';
import { loadConfig } from '../../server/config';

/**
 * The limit the delivery pipeline is compared with: nodemailer's pool alone, in a process of its
 * own as a worker is, sending `count` emails like a campaign's (same pool size, text, headers) into
 * SMTP_URL as fast as it takes them. Prints the milliseconds from the first send to the last answer.
 */
const count = Number(process.argv[2] ?? 10_000);
const config = loadConfig();
const transport = nodemailer.createTransport({
  url: config.delivery.smtpUrl!,
  pool: true,
  maxConnections: config.delivery.smtpMaxConnections,
  maxMessages: Infinity,
});
const url = `${config.delivery.appUrl}/unsubscribe/00000000-0000-4000-8000-000000000000`;
const started = performance.now();
await Promise.all(
  Array.from({ length: count }, (_, i) =>
    transport.sendMail({
      from: config.mailFrom,
      to: `guest${i}@bench.example`,
      subject: `Thank you, Guest${i}`,
      text: `Hi Guest${i}, thanks for visiting Bench Bakery! A review would help us: ${config.delivery.appUrl}/r/abcdefghijklmnop\n\n--\nTo stop receiving these emails, unsubscribe: ${url}\n`,
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }),
  ),
);
console.log(Math.round(performance.now() - started));
transport.close();
