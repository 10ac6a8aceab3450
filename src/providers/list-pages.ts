/**
 * Reads a JSON array that the API sends one page per line (`[page\n,page\n...]`, see
 * server/contacts/queries.ts) page by page as its text arrives, so the first rows can be shown
 * before the last ones are sent. Text that is not in pages (one line) is still read, at its end.
 */
export class ListPageReader<Row> {
  private pending = '';

  /** The rows of every page completed by this piece of text. */
  push(text: string): Row[][] {
    this.pending += text;
    const lastBreak = this.pending.lastIndexOf('\n');
    if (lastBreak < 0) return [];
    const complete = this.pending.slice(0, lastBreak);
    this.pending = this.pending.slice(lastBreak + 1);
    return complete.split('\n').flatMap((line) => parsePage<Row>(line));
  }

  /** The rows of the last page, once the whole text has arrived. */
  end(): Row[][] {
    const rest = this.pending;
    this.pending = '';
    return parsePage<Row>(rest);
  }
}

/** One line of the array: `[` or `,` before the page's rows, `]` after the last page. */
function parsePage<Row>(line: string): Row[][] {
  let start = 0;
  let end = line.length;
  while (start < end && /\s/.test(line[start]!)) start += 1;
  if (line[start] === '[' || line[start] === ',') start += 1;
  while (end > start && /\s/.test(line[end - 1]!)) end -= 1;
  if (line[end - 1] === ']') end -= 1;
  const rows = line.slice(start, end);
  return rows.trim() ? [JSON.parse(`[${rows}]`) as Row[]] : [];
}
