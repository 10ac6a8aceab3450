/** "Name: value" fields of a block, names in lower case; the first value of a name wins. */
export type Fields = Map<string, string>;

// A field name as mail servers write it: any case, spaces before the colon (`Status : 5.0.0`).
const FIELD_LINE = /^([A-Za-z][A-Za-z0-9-]*)[ \t]*:[ \t]*(.*)$/;

/**
 * The blocks of "Name: value" fields of a text (a delivery-status or feedback-report part, a
 * quoted header block), split at blank lines; folded lines are joined to their field. Lines that
 * are not fields are skipped, so a block written carelessly still gives the fields it has.
 */
export function fieldBlocks(text: string): Fields[] {
  const blocks: Fields[] = [];
  let block: Fields = new Map();
  let last: string | null = null;
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() === '') {
      if (block.size > 0) blocks.push(block);
      block = new Map();
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line) && last) {
      block.set(last, `${block.get(last)} ${line.trim()}`);
      continue;
    }
    const field = FIELD_LINE.exec(line);
    if (!field) {
      last = null;
      continue;
    }
    const name = field[1]!.toLowerCase();
    last = block.has(name) ? null : name;
    if (last) block.set(name, field[2]!.trim());
  }
  if (block.size > 0) blocks.push(block);
  return blocks;
}

/** All fields of a text as one block (a header block quoted in a text bounce). */
export const fieldsOf = (text: string): Fields => {
  const merged: Fields = new Map();
  for (const block of fieldBlocks(text)) for (const [name, value] of block) if (!merged.has(name)) merged.set(name, value);
  return merged;
};

/** An address field's address: `rfc822; a@b`, `<a@b>`, `"Name" <a@b>` give `a@b` (lower case); '' when none. */
export function addressIn(value: string | undefined): string {
  const match = /([^\s<>;:"'(),[\]]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/.exec(value ?? '');
  return match ? match[1]!.toLowerCase() : '';
}

/** Message-IDs in a value (`<a@b>`, several in References). */
export const messageIdsIn = (value: string | undefined): string[] => (value ?? '').match(/<[^<>\s]+@[^<>\s]+>/g) ?? [];
