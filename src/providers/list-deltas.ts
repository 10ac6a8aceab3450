import type { Contact } from '#domain/contacts';
import { applyContactsDelta, CONTACTS_REVISION_HEADER, type ContactsDelta } from '#domain/contacts-list';
import { http, toHttpError } from './http';
import { forgetEarlyReads, readResourceListInWorker, takeEarlyRead } from './streamed-list';

/** The last whole list of each URL (one per business) with the revision and ETag it was read at. */
type HeldList = { rows: Contact[]; revision: string; etag: string | undefined };
const held = new Map<string, HeldList>();

function hold(url: string, rows: Contact[], revision: string | undefined, etag: string | undefined) {
  if (revision) held.set(url, { rows, revision, etag });
  else held.delete(url);
}

const headersOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers[CONTACTS_REVISION_HEADER] as string | undefined, response.headers.etag as string | undefined] as const;

/**
 * A list whose API answers deltas: the first read is the whole list, each later one asks only
 * for what changed since (304 when nothing did) and applies it to the rows held. A revision the
 * server refuses (400: a database restored from a backup, say) starts again from the whole list.
 * A resource with a list worker has the whole list read, and its first page shown, off the main thread.
 */
export async function listWithDeltas(resource: string, url: string, listWorker?: () => Worker): Promise<Contact[]> {
  const last = held.get(url);
  if (last) {
    try {
      const response = await http.get<ContactsDelta>(url, {
        params: { since: last.revision },
        headers: last.etag ? { 'If-None-Match': last.etag } : {},
        validateStatus: (status) => status === 200 || status === 304,
      });
      if (response.status === 304) return last.rows;
      const rows = applyContactsDelta(last.rows, response.data);
      hold(url, rows, ...headersOf(response));
      return rows;
    } catch (error) {
      if (toHttpError(error).statusCode !== 400) throw error;
    }
  }
  // A read started while the app loaded (first-screen.ts) is taken as it is: if it failed, so would another.
  const early = takeEarlyRead<Contact>(url);
  const streamed = early ? await early : listWorker ? await readResourceListInWorker<Contact>(resource, url, listWorker) : null;
  if (streamed) {
    hold(url, streamed.rows, streamed.revision, streamed.etag);
    return streamed.rows;
  }
  const response = await http.get<Contact[]>(url);
  hold(url, response.data, ...headersOf(response));
  return response.data;
}

/** Signing out lets go of every list held or being read early (they are another account's to the next one). */
export function forgetHeldLists() {
  held.clear();
  forgetEarlyReads();
}
