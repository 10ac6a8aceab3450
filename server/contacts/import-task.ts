import type { MessagePort } from 'node:worker_threads';
import Piscina from 'piscina';
import type { ImportColumnKey, ImportContactsResult, ImportMappingQuestion } from '#domain';
import { HttpError } from '../lib/errors';
import { decodeImportFile, readImportFile } from './import-file';
import type { ImportChoice } from './import-columns';
import { contactsFromTable } from './import-rows';

export type ImportTask = {
  /** The file as the request sent it: base64 text (decoding 20 MB is work for this thread too). */
  base64: string;
  /** Rows per write batch. */
  batchSize: number;
  /** The business's country: numbers without a country code are read in it. */
  region: string | null;
  /** The owner's mapping and date order, when the mapping step asked. */
  choice: ImportChoice;
  /** Told the moment the task starts, so the time budget does not count the wait in the queue. */
  started?: MessagePort;
};

/** The valid contacts as JSON arrays of up to `batchSize` rows, one after the other in `bytes`. */
export type ContactBatches = { bytes: Uint8Array; ends: number[] };

/** What the worker hands back: either the refusal of the whole file, or the rows ready to write. */
export type ParsedImport =
  | { refused: string; details?: ImportMappingQuestion }
  | ({
      columns: ImportColumnKey[];
      rejected: ImportContactsResult['rejected'];
      rejectedCount: number;
    } & ContactBatches);

/**
 * Runs in an import worker thread: decodes and reads the file and checks every row, so a hostile
 * or huge file never holds up the server's request thread. The rows come back as UTF-8 JSON in
 * one buffer that is moved, not copied, to the request thread.
 */
export default function parseImport({ base64, batchSize, region, choice, started }: ImportTask) {
  started?.postMessage('started');
  started?.close();
  try {
    const imported = contactsFromTable(readImportFile(decodeImportFile(base64)), region, choice);
    const encoder = new TextEncoder();
    const parts: Uint8Array[] = [];
    const ends: number[] = [];
    let length = 0;
    for (const batch of imported.batches(batchSize)) {
      const part = encoder.encode(JSON.stringify(batch));
      parts.push(part);
      length += part.length;
      ends.push(length);
    }
    const bytes = new Uint8Array(length);
    parts.forEach((part, i) => bytes.set(part, i === 0 ? 0 : ends[i - 1]));
    const result: ParsedImport = { columns: imported.columns, rejected: imported.rejected, rejectedCount: imported.rejectedCount, bytes, ends };
    // Moved, not copied: Piscina sends `result` with its buffer in the transfer list.
    return Piscina.move({ [Piscina.transferableSymbol]: bytes.buffer, [Piscina.valueSymbol]: result } as never);
  } catch (error) {
    // The refusals meant for the user (400) cross the thread as their text; anything else is a bug.
    if (error instanceof HttpError && error.statusCode === 400) {
      return { refused: error.message, details: error.details as ImportMappingQuestion | undefined } satisfies ParsedImport;
    }
    throw error;
  }
}

/** The batches of a parsed import as JSON text, decoded one at a time as the writer takes them. */
export function* batchTexts({ bytes, ends }: ContactBatches): Generator<string> {
  const decoder = new TextDecoder();
  let start = 0;
  for (const end of ends) {
    yield decoder.decode(bytes.subarray(start, end));
    start = end;
  }
}
