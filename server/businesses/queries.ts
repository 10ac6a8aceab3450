import { and, asc, eq } from 'drizzle-orm';
import type { BusinessPayload } from '../../src/domain';
import type { Db } from '../db/client';
import { businesses } from '../db/schema';
import { notFound } from '../lib/errors';

const businessColumns = {
  id: businesses.id,
  name: businesses.name,
  streetName: businesses.streetName,
  streetNumber: businesses.streetNumber,
  country: businesses.country,
  city: businesses.city,
  postalCode: businesses.postalCode,
  reviewLink: businesses.reviewLink,
};

export function listBusinessesOf(db: Db, ownerId: number) {
  return db.select(businessColumns).from(businesses).where(eq(businesses.ownerId, ownerId)).orderBy(asc(businesses.id));
}

export async function insertBusiness(db: Db, ownerId: number, values: BusinessPayload) {
  const [business] = await db
    .insert(businesses)
    .values({ ...values, ownerId })
    .returning(businessColumns);
  return business!;
}

/**
 * The one ownership check every business-scoped call goes through. Another user's business
 * answers exactly like a missing one, so ids cannot be probed.
 */
export async function requireOwnedBusiness(db: Db, ownerId: number, businessId: number) {
  const [business] = await db
    .select(businessColumns)
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.ownerId, ownerId)));
  if (!business) throw notFound('Business not found.');
  return business;
}
