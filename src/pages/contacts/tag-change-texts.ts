import { limits } from '#domain/messages';
import { counted } from '#domain/words';

export type TagChange = 'add' | 'remove';

/** What the tag dialog says for each change. */
export const TAG_CHANGE_TEXTS = {
  add: {
    title: 'Add a tag to the selected contacts',
    confirm: 'Add tag',
    question: (tag: string, contacts: string) => `Add the tag “${tag}” to ${contacts}?`,
    toast: 'Tag Added',
    done: (tag: string, contacts: string) => `The tag “${tag}” was added to ${contacts}.`,
    unchanged: (contacts: string) => `${contacts} had it already.`,
  },
  remove: {
    title: 'Remove a tag from the selected contacts',
    confirm: 'Remove tag',
    question: (tag: string, contacts: string) => `Remove the tag “${tag}” from ${contacts}?`,
    toast: 'Tag Removed',
    done: (tag: string, contacts: string) => `The tag “${tag}” was removed from ${contacts}.`,
    unchanged: (contacts: string) => `${contacts} did not have it.`,
  },
} as const;

/** Why some contacts kept their tags: they have as many as a contact may have. */
export const fullNote = (full: number) =>
  `${counted(full, 'contact was', 'contacts were')} not changed: ${full === 1 ? 'it has' : 'they have'} ${limits.tagsMax} tags already, the most a contact can have.`;
