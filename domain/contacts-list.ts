import * as z from 'zod/mini';
import type { Contact } from './contacts';

/**
 * The contacts list's revisions (issue 13): every change to a business's contacts as the list
 * shows them bumps the business's revision, so the browser asks only for what changed.
 */

/** The answer header carrying the revision a list or delta answer was read at. */
export const CONTACTS_REVISION_HEADER = 'contacts-revision';

export const contactsListMessages = {
  sinceInvalid: 'since must be a contacts revision: a whole number from the contacts-revision header',
  sinceAhead: (revision: number) => `since is ahead of this business's contacts (its revision is ${revision}); load the whole list again.`,
} as const;

/** GET /contact/get-contacts/{businessId}?since=: the changes after that revision, else the whole list. */
export const contactsListQuerySchema = z.object({
  // Digits only, up to 15 (a safe integer): anything else is refused before it reaches SQL.
  since: z.optional(z.string({ error: contactsListMessages.sinceInvalid }).check(z.regex(/^\d{1,15}$/, { error: contactsListMessages.sinceInvalid }))),
});

/** `?since=` answer: the contacts added or changed after `since`, and the ids deleted since then. */
export type ContactsDelta = { revision: number; contacts: Contact[]; deletedIds: number[] };
