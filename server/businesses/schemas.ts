import * as z from 'zod/mini';

export const reviewSiteAnswer = z
  .object({ name: z.string(), url: z.string() })
  .register(z.globalRegistry, { id: 'ReviewSite' });

/** A business as the API answers it. */
export const businessAnswer = z
  .object({
    id: z.int(),
    name: z.string(),
    streetName: z.string(),
    streetNumber: z.string(),
    country: z.string(),
    city: z.string(),
    postalCode: z.string(),
    reviewSites: z.array(reviewSiteAnswer),
    reviewRequestCapDays: z.int(),
    region: z.nullable(z.string()),
    timeZone: z.string(),
    smsWindowStart: z.string(),
    smsWindowEnd: z.string(),
    senderName: z.nullable(z.string()),
    replyTo: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'Business' });
