import { CONTACTS_REVISION_HEADER } from '#domain/contacts-list';
import { ListPageReader } from './list-pages';

/** What the page asks a list worker: the list's absolute URL (the worker's own is its script's). */
export type ListWorkerRequest = { url: string };

/**
 * What a list worker answers: each page as it is read, with the search text of each row; then the
 * revision and ETag the list was read at. `unread` when the list did not come (not 200, or the
 * connection failed): the page then reads it the usual way, which refreshes a session and words errors.
 */
export type ListWorkerMessage<Row> =
  | { kind: 'page'; rows: Row[]; texts: string[] }
  | { kind: 'end'; revision: string | null; etag: string | null }
  | { kind: 'unread' };

/** The part of a dedicated worker's global scope used here (the DOM typings do not describe it). */
type WorkerScope = { onmessage: ((event: MessageEvent<ListWorkerRequest>) => void) | null; postMessage(message: unknown): void };

/**
 * Runs in a Web Worker: downloads a whole list, parses it page by page and builds each row's
 * search text there, so 100,000 rows cost the page's main thread only the receiving.
 */
export function serveListReads<Row>(searchText: (row: Row) => string) {
  const scope = self as unknown as WorkerScope;
  const post = (message: ListWorkerMessage<Row>) => scope.postMessage(message);
  const postPages = (pages: Row[][]) => {
    for (const rows of pages) post({ kind: 'page', rows, texts: rows.map(searchText) });
  };
  scope.onmessage = (event) => {
    void readList(event.data.url, postPages).then(post, () => post({ kind: 'unread' }));
  };
}

async function readList<Row>(url: string, postPages: (pages: Row[][]) => void): Promise<ListWorkerMessage<Row>> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    return { kind: 'unread' };
  }
  const pages = new ListPageReader<Row>();
  const decoder = new TextDecoder();
  const body = response.body.getReader();
  for (;;) {
    const { done, value } = await body.read();
    if (done) break;
    postPages(pages.push(decoder.decode(value, { stream: true })));
  }
  postPages(pages.push(decoder.decode()));
  postPages(pages.end());
  return { kind: 'end', revision: response.headers.get(CONTACTS_REVISION_HEADER), etag: response.headers.get('etag') };
}
