import * as z from 'zod/mini';
import { REVIEW_EVENT_KINDS } from '#domain/reviews';
import { CAMPAIGN_TYPES, CONTACT_EVENT_KINDS, SUPPRESSION_REASONS } from '#domain';

export const suppressionAnswer = z
  .object({
    id: z.int(),
    channel: z.enum(CAMPAIGN_TYPES),
    address: z.string().register(z.globalRegistry, { description: 'Lower-case email, or the phone number in international digits.' }),
    reason: z.enum(SUPPRESSION_REASONS),
    evidence: z.nullable(z.string()),
    createdAt: z.string(),
  })
  .register(z.globalRegistry, { id: 'Suppression' });

export const contactHistoryAnswer = z.object({
  items: z.array(
    z.union([
      z.object({
        type: z.literal('message'),
        at: z.string(),
        campaignId: z.int(),
        campaignName: z.string(),
        channel: z.enum(CAMPAIGN_TYPES),
        state: z.string(),
        error: z.nullable(z.string()),
        bounce: z.nullable(z.string()),
      }),
      z.object({ type: z.literal('event'), at: z.string(), channel: z.enum(CAMPAIGN_TYPES), kind: z.enum(CONTACT_EVENT_KINDS), source: z.string() }),
      z.object({
        type: z.literal('review'),
        at: z.string(),
        campaignId: z.int(),
        campaignName: z.string(),
        kind: z.enum(REVIEW_EVENT_KINDS),
        siteName: z.nullable(z.string()),
        rating: z.nullable(z.int()),
        message: z.nullable(z.string()),
        times: z.int(),
      }),
    ]),
  ),
  suppressions: z.array(suppressionAnswer),
});
