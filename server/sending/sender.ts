import { sql } from 'drizzle-orm';
import { addressOf, postalAddress, senderLine } from '#domain';
import type { AppConfig } from '../config';
import { queryRows, type Db } from '../db/client';

/** Who a business's emails are from, where replies go, and the postal address their footer shows. */
export type EmailSender = { businessName: string; name: string; replyTo: string; postalAddress: string };

export type SenderRow = {
  businessName: string;
  senderName: string;
  replyTo: string;
  streetName: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  country: string;
};

/** The columns of an EmailSender, over businesses `b` joined with their owner, users `u`. */
export const senderColumns = sql`b.name as "businessName", coalesce(b.sender_name, b.name) as "senderName",
  coalesce(b.reply_to, u.email) as "replyTo", b.street_name as "streetName", b.street_number as "streetNumber",
  b.postal_code as "postalCode", b.city, b.country`;

export const toEmailSender = (row: SenderRow): EmailSender => ({
  businessName: row.businessName,
  name: row.senderName,
  replyTo: row.replyTo,
  postalAddress: postalAddress(row),
});

export async function businessSender(db: Db, businessId: number): Promise<EmailSender | undefined> {
  const [row] = await queryRows<SenderRow>(db, sql`select ${senderColumns} from businesses b join users u on u.id = b.owner_id where b.id = ${businessId}`);
  return row && toEmailSender(row);
}

/**
 * The From of a business's emails: its sender name at MAIL_FROM's address, never an address of the
 * owner's domain (DKIM and SPF stay valid). nodemailer quotes and encodes the name.
 */
export const fromAddress = (config: AppConfig, sender: Pick<EmailSender, 'name'>) => ({ name: sender.name, address: addressOf(config.mailFrom) });

/** The same From as mail programs show it (the wizard's sender line): `"Keller's Café" <no-reply@example.com>`. */
export const fromLine = (config: AppConfig, sender: Pick<EmailSender, 'name'>) => senderLine(sender.name, addressOf(config.mailFrom));
