import type { Contact } from '#domain/contacts';
import { applyContactsDelta, CONTACTS_REVISION_HEADER, type ContactsDelta } from '#domain/contacts-list';
import type { AxiosResponse } from 'axios';
import { http, toHttpError } from './http';

/** The last whole list of each URL (one per business) with the revision and ETag it was read at. */
type HeldList = { rows: Contact[]; revision: string; etag: string | undefined };
const held = new Map<string, HeldList>();

function hold(url: string, response: AxiosResponse, rows: Contact[]) {
  const revision = response.headers[CONTACTS_REVISION_HEADER] as string | undefined;
  if (revision) held.set(url, { rows, revision, etag: response.headers.etag as string | undefined });
  else held.delete(url);
}

/**
 * A list whose API answers deltas: the first read is the whole list, each later one asks only
 * for what changed since (304 when nothing did) and applies it to the rows held. A revision the
 * server refuses (400: a database restored from a backup, say) starts again from the whole list.
 */
export async function listWithDeltas(url: string): Promise<Contact[]> {
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
      hold(url, response, rows);
      return rows;
    } catch (error) {
      if (toHttpError(error).statusCode !== 400) throw error;
    }
  }
  const response = await http.get<Contact[]>(url);
  hold(url, response, response.data);
  return response.data;
}

/** Signing out lets go of every list held (they are another account's to the next one). */
export const forgetHeldLists = () => held.clear();
