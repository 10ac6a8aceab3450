import * as z from 'zod/mini';
import { campaignDetailsSchema, campaignSchema, campaignSendersSchema, ratingSummarySchema, reviewFunnelSchema } from '#domain';

/**
 * The campaign answers' schemas are the domain's (domain/campaign-schemas.ts, domain/delivery.ts,
 * domain/reviews.ts): here they are named in the OpenAPI document.
 */

/** A campaign as the API answers it: the list's items, one campaign, and every action's answer. */
export const campaignAnswer = campaignSchema.register(z.globalRegistry, { id: 'Campaign' });

export const sendersAnswer = campaignSendersSchema;

/** POST /campaign/check-campaign-name: whether the wizard's name is free in the business. */
export const campaignNameCheckAnswer = z.object({ taken: z.boolean(), message: z.nullable(z.string()) });

/** The details' funnel and ratings (the reputation summary's ratings too), named in the document. */
reviewFunnelSchema.register(z.globalRegistry, {
  id: 'ReviewFunnel',
  description: 'Recipients per step of a review request (each once); automated counts scanner and preview openings, which count nowhere else.',
});

export const ratingsAnswer = ratingSummarySchema.register(z.globalRegistry, {
  id: 'RatingSummary',
  description: "Recipients who chose a star (on the review page, in the email or with feedback), each once with their last choice, and the average.",
});

/** GET /campaign/get-campaign-details/{id}: the campaign, its channel, counts per state, timeline and one page of recipients. */
export const campaignDetailsAnswer = campaignDetailsSchema;
