import nodemailer from 'nodemailer';
import { addressOf } from '#domain/sender';
import { loadConfig } from '../../server/config';
import { campaignEmailHtml, campaignEmailText, type CampaignEmailInput } from '../../server/sending/campaign-email';

/**
 * The limit the delivery pipeline is compared with: nodemailer's pool alone, in a process of its
 * own as a worker is, sending `count` emails like a campaign's (same pool size, parts, headers) into
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
const reviewUrl = `${config.delivery.appUrl}/r/abcdefghijklmnop`;
const started = performance.now();
await Promise.all(
  Array.from({ length: count }, (_, i) => {
    // The same two parts as a campaign's review request (text and HTML), built by the same template.
    const content: CampaignEmailInput = {
      business: { name: 'Bench Bakery', postalAddress: 'Main Street 1, 10115 Berlin, Germany' },
      subject: `Thank you, Guest${i}`,
      message: `Hi Guest${i}, thanks for visiting Bench Bakery! A review would help us: ${reviewUrl}`,
      reviewUrl,
      unsubscribeUrl: url,
    };
    return transport.sendMail({
      from: { name: 'Bench Bakery', address: addressOf(config.mailFrom) },
      replyTo: 'owner@bench.example',
      to: `guest${i}@bench.example`,
      subject: content.subject,
      text: campaignEmailText(content),
      html: campaignEmailHtml(content),
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }),
);
console.log(Math.round(performance.now() - started));
transport.close();
