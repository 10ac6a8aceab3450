import * as z from 'zod/mini';
import { businessIdRule, filterConditionsRule } from '../../src/domain';

export const countMessages = {
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
  })
  .check(
    z.refine((body) => (body.contactFilterId === undefined) !== (body.contactFilterItems === undefined), {
      message: countMessages.sourceRequired,
      path: ['contactFilterItems'],
    }),
  );
