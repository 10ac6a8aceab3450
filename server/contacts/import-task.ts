import type { MessagePort } from 'node:worker_threads';
import Piscina from 'piscina';
import type { ImportColumnKey, ImportContactsResult, ImportMappingQuestion } from '#domain';
import { HttpError } from '../lib/errors';
import { decodeImportFile, readImportFile } from './import-file';
import type { ImportChoice } from './import-columns';
import { contactsFromTable } from './import-rows';
import type { ContactRow } from '#domain/contact-rows';
import { contactsCopyText } from './copy-text';

/** How the valid rows are written out: JSON arrays (for json_to_recordset), or COPY text rows. */
export type BatchFormat = 'json' | 'copy';

export type ImportTask = {
  /** The file as the request sent it: base64 text (decoding 20 MB is work for this thread too). */
  base64: string;
  /** Rows per write batch. */
  batchSize: number;
  /** JSON for the embedded database's batched upserts; COPY text for PostgreSQL's one COPY. */
  format?: BatchFormat;
  /** The business's country: numbers without a country code are read in it. */
  region: string | null;
  /** The owner's mapping and date order, when the mapping step asked. */
  choice: ImportChoice;
  /** Told the moment the task starts, so the time budget does not count the wait in the queue. */
  started?: MessagePort;
  /**
   * When given, the valid rows are posted here while the file is still being checked, so that the
   * database writes one batch while the next is checked: first `{ columns }`, then each batch
   * (moved, not copied), then null. The task's answer then has no rows (`ImportSummary`).
   */
  rows?: MessagePort;
};

/** The valid contacts as JSON arrays (or COPY text) of up to `batchSize` rows, one after the other in `bytes`. */
export type ContactBatches = { bytes: Uint8Array; ends: number[] };

/** The refusal of the whole file (400), with the mapping question when that is the reason. */
export type RefusedImport = { refused: string; details?: ImportMappingQuestion };

/** The file's contact columns, its rejected rows and the rows imported with values left out. */
export type ImportSummary = { columns: ImportColumnKey[] } & Pick<ImportContactsResult, 'rejected' | 'rejectedCount' | 'warned' | 'warnedCount'>;

/** What a checked file says of its rows (read once every batch has been taken). */
const summaryOf = (imported: ReturnType<typeof contactsFromTable>): ImportSummary => ({
  columns: imported.columns,
  rejected: imported.rejected,
  rejectedCount: imported.rejectedCount,
  warned: imported.warned,
  warnedCount: imported.warnedCount,
});

/** What the worker hands back: either the refusal of the whole file, or the rows ready to write. */
export type ParsedImport = RefusedImport | (ImportSummary & ContactBatches);

/** What a task with `rows` hands back: the rows went through the port. */
export type StreamedImport = RefusedImport | ImportSummary;

/**
 * Runs in an import worker thread: decodes and reads the file and checks every row, so a hostile
 * or huge file never holds up the server's request thread. The rows come back as UTF-8 JSON (or
 * COPY text, ready to stream to PostgreSQL as it is) in one buffer that is moved, not copied, to the request thread.
 */
export default function parseImport({ base64, batchSize, format = 'json', region, choice, started, rows }: ImportTask) {
  started?.postMessage('started');
  started?.close();
  try {
    const imported = contactsFromTable(readImportFile(decodeImportFile(base64)), region, choice);
    const encoder = new TextEncoder();
    const encoded = (batch: ContactRow[]) => encoder.encode(format === 'copy' ? contactsCopyText(batch) : JSON.stringify(batch));
    if (rows) {
      rows.postMessage({ columns: imported.columns });
      for (const batch of imported.batches(batchSize)) {
        const part = encoded(batch);
        rows.postMessage(part, [part.buffer]);
      }
      rows.postMessage(null);
      return summaryOf(imported) satisfies StreamedImport;
    }
    const parts: Uint8Array[] = [];
    const ends: number[] = [];
    let length = 0;
    for (const batch of imported.batches(batchSize)) {
      const part = encoded(batch);
      parts.push(part);
      length += part.length;
      ends.push(length);
    }
    const bytes = new Uint8Array(length);
    parts.forEach((part, i) => bytes.set(part, i === 0 ? 0 : ends[i - 1]));
    const result: ParsedImport = { ...summaryOf(imported), bytes, ends };
    // Moved, not copied: Piscina sends `result` with its buffer in the transfer list.
    return Piscina.move({ [Piscina.transferableSymbol]: bytes.buffer, [Piscina.valueSymbol]: result } as never);
  } catch (error) {
    // The refusals meant for the user (400) cross the thread as their text; anything else is a bug.
    if (error instanceof HttpError && error.statusCode === 400) {
      return { refused: error.message, details: error.details as ImportMappingQuestion | undefined } satisfies RefusedImport;
    }
    throw error;
  }
}

/** The batches of a parsed import as they are in its buffer, without copying. */
export function* batchBytes({ bytes, ends }: ContactBatches): Generator<Uint8Array> {
  let start = 0;
  for (const end of ends) {
    yield bytes.subarray(start, end);
    start = end;
  }
}

/** The batches of a parsed import as JSON text, decoded one at a time as the writer takes them. */
export function* batchTexts(batches: ContactBatches): Generator<string> {
  const decoder = new TextDecoder();
  for (const bytes of batchBytes(batches)) yield decoder.decode(bytes);
}
