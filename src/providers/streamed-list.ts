import { useSyncExternalStore } from 'react';
import { API_BASE } from './api-base';
import type { ListWorkerMessage, ListWorkerRequest } from './list-worker';

/** A whole list as a worker read it, with the revision and ETag of the answer. */
export type StreamedList<Row> = { rows: Row[]; revision: string | undefined; etag: string | undefined };

/** Each row's search text, built by the worker that read the list (keyed by the rows array it was built for). */
const searchTexts = new WeakMap<readonly unknown[], string[]>();

/** The search texts a worker built for exactly these rows, if it did. */
export const prebuiltSearchTexts = (rows: readonly unknown[]) => searchTexts.get(rows);

/**
 * Reads a whole list in a Web Worker (see list-worker.ts): `onFirstPage` gets the first page as
 * soon as it is parsed, the promise the whole list. Null when the worker cannot read it (no Worker
 * in this environment, an answer other than 200, a lost connection): the caller then reads it with
 * the HTTP client, which refreshes an expired session and puts errors in words.
 */
export function readListInWorker<Row>(
  url: string,
  createWorker: () => Worker,
  onFirstPage: (rows: Row[]) => void,
): Promise<StreamedList<Row> | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const worker = createWorker();
    const pages: Row[][] = [];
    const textPages: string[][] = [];
    const finish = (result: StreamedList<Row> | null) => {
      worker.terminate();
      resolve(result);
    };
    worker.onerror = () => finish(null);
    worker.onmessage = ({ data }: MessageEvent<ListWorkerMessage<Row>>) => {
      if (data.kind === 'page') {
        pages.push(data.rows);
        textPages.push(data.texts);
        if (pages.length === 1) {
          searchTexts.set(data.rows, data.texts);
          onFirstPage(data.rows);
        }
      } else if (data.kind === 'end') {
        const rows = pages.flat();
        searchTexts.set(rows, textPages.flat());
        finish({ rows, revision: data.revision ?? undefined, etag: data.etag ?? undefined });
      } else {
        finish(null);
      }
    };
    const request: ListWorkerRequest = { url: new URL(`${API_BASE}${url}`, window.location.href).href };
    worker.postMessage(request);
  });
}

/** The first page of the whole-list read in progress, per resource, for screens to show meanwhile. */
const firstPages = new Map<string, { rows: unknown[] | null }>();
const firstPageListeners = new Set<() => void>();
const announceFirstPages = () => firstPageListeners.forEach((listener) => listener());

/**
 * Reads a resource's whole list in a worker, publishing its first page (for `useFirstPage`) until
 * the whole list is there. A read started later for the same resource (another business) takes over.
 */
export async function readResourceListInWorker<Row>(resource: string, url: string, createWorker: () => Worker) {
  const read: { rows: unknown[] | null } = { rows: null };
  firstPages.set(resource, read);
  try {
    return await readListInWorker<Row>(url, createWorker, (rows) => {
      if (firstPages.get(resource) !== read) return;
      read.rows = rows;
      announceFirstPages();
    });
  } finally {
    if (firstPages.get(resource) === read) {
      firstPages.delete(resource);
      announceFirstPages();
    }
  }
}

const subscribeToFirstPages = (listener: () => void) => {
  firstPageListeners.add(listener);
  return () => firstPageListeners.delete(listener);
};

/** The first page of the resource's list while the rest is still being read, else null. */
export function useFirstPage<Row>(resource: string): Row[] | null {
  return useSyncExternalStore(subscribeToFirstPages, () => (firstPages.get(resource)?.rows as Row[] | undefined) ?? null);
}

/** Whole-list reads started before their screen asked, by URL, for the screen's first read to take. */
const earlyReads = new Map<string, Promise<StreamedList<unknown> | null>>();

/** Starts reading a resource's list now (see first-screen.ts); the first `takeEarlyRead` of the URL gets it. */
export function readEarly(resource: string, url: string, createWorker: () => Worker) {
  earlyReads.set(url, readResourceListInWorker(resource, url, createWorker));
}

/** Signing out drops reads not yet taken (they were the last account's). */
export const forgetEarlyReads = () => earlyReads.clear();

/** The early read of this URL, once: undefined when there was none. */
export function takeEarlyRead<Row>(url: string): Promise<StreamedList<Row> | null> | undefined {
  const read = earlyReads.get(url) as Promise<StreamedList<Row> | null> | undefined;
  earlyReads.delete(url);
  return read;
}
