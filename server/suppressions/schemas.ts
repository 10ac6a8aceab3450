import * as z from 'zod/mini';
import { CAMPAIGN_TYPES, SUPPRESSION_REASONS } from '#domain';

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
