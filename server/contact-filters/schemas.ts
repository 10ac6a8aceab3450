import * as z from 'zod/mini';
import { businessIdRule, campaignTypeRule, contactFilterCountSchema, contactFilterSchema, filterConditionsRule } from '#domain';
import { contactAnswer } from '../contacts/schemas';

const countMessages = {
  sourceRequired: 'Give either a saved filter (contactFilterId) or conditions (contactFilterItems).',
  contactFilterIdInvalid: 'Contact filter id must be a positive whole number',
} as const;

/** POST /contact-filter/count-matching-contacts (beyond the spec): a saved filter, or conditions not saved yet. */
export const countMatchingContactsSchema = z
  .object({
    businessId: businessIdRule,
    contactFilterId: z.optional(
      z.int({ error: countMessages.contactFilterIdInvalid }).check(z.positive(countMessages.contactFilterIdInvalid)),
    ),
    contactFilterItems: z.optional(filterConditionsRule),
    /** Count the recipients a campaign of this type would have (ACTIVE, usable address, each once). */
    type: z.optional(campaignTypeRule),
  })
  .check(
    z.refine((body) => (body.contactFilterId === undefined) !== (body.contactFilterItems === undefined), {
      message: countMessages.sourceRequired,
      path: ['contactFilterItems'],
    }),
  );

/** A saved filter as the API answers it (the schema is the domain's), named in the OpenAPI document. */
export const contactFilterAnswer = contactFilterSchema.register(z.globalRegistry, { id: 'ContactFilter' });

/** How many contacts match, and the first of them (lowest id) for the campaign wizard's preview. */
export const countMatchingContactsAnswer = z.object({ count: z.int(), sample: z.nullable(contactAnswer) });

/** A filter's matching contacts now, and the campaigns that use it (a filter in use cannot be deleted). */
export const contactFilterCountAnswer = contactFilterCountSchema;
