import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { businesses, contactConsents } from '../db/schema';

/** The business whose check-in page this is: what the page shows and the visit needs. */
export type CheckInBusiness = { id: number; name: string; region: string | null; textCountries: string[] | null; slug: string };

const checkInColumns = {
  id: businesses.id,
  name: businesses.name,
  region: businesses.region,
  textCountries: businesses.textCountries,
  slug: businesses.checkInSlug,
};

export async function businessBySlug(db: Db, slug: string): Promise<CheckInBusiness | undefined> {
  const [business] = await db.select(checkInColumns).from(businesses).where(eq(businesses.checkInSlug, slug));
  return business;
}

/** The slug of a business the route already found to be the owner's. */
export async function slugOf(db: Db, businessId: number): Promise<string> {
  const [business] = await db.select({ slug: businesses.checkInSlug }).from(businesses).where(eq(businesses.id, businessId));
  return business!.slug;
}

/** The customer agreed to `text` (the sentence as the page showed it), now. */
export async function recordConsent(tx: Db, businessId: number, contactId: number, text: string): Promise<void> {
  await tx.insert(contactConsents).values({ businessId, contactId, text });
}

/** A form token checked a customer in: false when it already had (a form token works once). */
export async function useFormToken(tx: Db, token: string, expiresAt: Date): Promise<boolean> {
  await tx.execute(sql`delete from used_form_tokens where expires_at < now()`);
  const used = await queryRows<{ token: string }>(
    tx,
    sql`insert into used_form_tokens (token, expires_at) values (${token}, ${expiresAt.toISOString()}) on conflict do nothing returning token`,
  );
  return used.length === 1;
}
