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
  since: z.optional(
    z.string({ error: contactsListMessages.sinceInvalid }).check(z.regex(/^\d{1,15}$/, { error: contactsListMessages.sinceInvalid })).register(z.globalRegistry, {
      description: 'A revision from an earlier answer (its contacts-revision header): answers the changes since then as a ContactsDelta',
    }),
  ),
});

/** `?since=` answer: the contacts added or changed after `since`, and the ids deleted since then. */
export type ContactsDelta = { revision: number; contacts: Contact[]; deletedIds: number[] };

/**
 * The list after a delta: changed contacts replace theirs, new ones join, deleted ones go; in id
 * order, as the whole list comes. Rows not touched keep their objects, so a table re-renders little.
 */
export function applyContactsDelta(rows: readonly Contact[], delta: Pick<ContactsDelta, 'contacts' | 'deletedIds'>): Contact[] {
  if (delta.contacts.length === 0 && delta.deletedIds.length === 0) return rows as Contact[];
  const changed = new Map(delta.contacts.map((contact) => [contact.id, contact]));
  const deleted = new Set(delta.deletedIds);
  const next: Contact[] = [];
  for (const row of rows) {
    if (deleted.has(row.id)) continue;
    const replacement = changed.get(row.id);
    next.push(replacement ?? row);
    if (replacement) changed.delete(row.id);
  }
  if (changed.size === 0) return next;
  // New contacts have the highest ids; anything else is put in its place by one sort.
  const added = [...changed.values()].sort((a, b) => a.id - b.id);
  const inOrder = next.length === 0 || added[0]!.id > next.at(-1)!.id;
  next.push(...added);
  return inOrder ? next : next.sort((a, b) => a.id - b.id);
}
