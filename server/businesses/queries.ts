import { and, asc, eq, sql } from 'drizzle-orm';
import type { BusinessPayload, FirstSteps } from '#domain';
import { regionFromCountryName } from '#domain/phone-numbers';
import { queryRows, type Db } from '../db/client';
import { businesses } from '../db/schema';

/** A business as the API answers it (and as `request.business` holds it). */
export const businessColumns = {
  id: businesses.id,
  name: businesses.name,
  streetName: businesses.streetName,
  streetNumber: businesses.streetNumber,
  country: businesses.country,
  city: businesses.city,
  postalCode: businesses.postalCode,
  reviewSites: businesses.reviewSites,
  reviewRequestCapDays: businesses.reviewRequestCapDays,
  region: businesses.region,
  timeZone: businesses.timeZone,
  smsWindowStart: businesses.smsWindowStart,
  smsWindowEnd: businesses.smsWindowEnd,
  textCountries: businesses.textCountries,
  senderName: businesses.senderName,
  replyTo: businesses.replyTo,
};

export function listBusinessesOf(db: Db, ownerId: number) {
  return db.select(businessColumns).from(businesses).where(eq(businesses.ownerId, ownerId)).orderBy(asc(businesses.id));
}

/** Without a chosen region, the country's name says it when it can ("Croatia"). */
const withRegion = (values: BusinessPayload) => ({ ...values, region: values.region ?? regionFromCountryName(values.country) });

export async function insertBusiness(db: Db, ownerId: number, values: BusinessPayload) {
  const [business] = await db
    .insert(businesses)
    .values({ ...withRegion(values), ownerId })
    .returning(businessColumns);
  return business!;
}

/** Replaces an owned business's fields and review sites (ownership checked by the route). */
export async function updateBusiness(db: Db, businessId: number, values: BusinessPayload) {
  const [business] = await db.update(businesses).set(withRegion(values)).where(eq(businesses.id, businessId)).returning(businessColumns);
  return business;
}

/** The business when it is the owner's; undefined for a missing one and for another owner's alike. */
export async function ownedBusiness(db: Db, ownerId: number, businessId: number) {
  const [business] = await db
    .select(businessColumns)
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.ownerId, ownerId)));
  return business;
}

export type Business = NonNullable<Awaited<ReturnType<typeof ownedBusiness>>>;

/** The dashboard's first steps: counts that each use an index on business_id, in one round trip. */
export async function firstStepsOf(db: Db, businessId: number): Promise<FirstSteps | undefined> {
  const [steps] = await queryRows<FirstSteps>(
    db,
    sql`select jsonb_array_length(b.review_sites)::int as "reviewSites",
               (select count(*) from contacts c where c.business_id = b.id)::int as contacts,
               (select count(*) from campaigns k where k.business_id = b.id and not k.automation and k.status <> 'CREATED')::int as "campaignsStarted",
               coalesce((select a.enabled from review_automations a where a.business_id = b.id), false) as "automationEnabled"
        from businesses b where b.id = ${businessId}`,
  );
  return steps;
}
