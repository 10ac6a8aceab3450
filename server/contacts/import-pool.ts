import { on } from 'node:events';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import Piscina from 'piscina';
import type { ImportConfig } from '../config';
import { badRequest, HttpError } from '../lib/errors';
import type { ImportChoice } from './import-columns';
import type { BatchFormat, ImportSummary, ImportTask, ParsedImport, RefusedImport, StreamedImport } from './import-task';
import type { ImportColumnKey } from '#domain';

export const importBudgetMessages = {
  tooSlow: (seconds: number) =>
    `The file took longer than ${seconds} seconds to read, so it was not imported. Split it into smaller files and import them one by one.`,
  tooMuchMemory:
    'The file needs more memory to read than an import may use, so it was not imported. Split it into smaller files and import them one by one.',
  busy: 'Many imports are being read right now. Please try again in a minute.',
} as const;

/**
 * The worker threads that read import files, each within a time and memory budget: a file that
 * needs more is refused (400) and its thread replaced, while the request thread goes on serving.
 */
export class ImportPool {
  private readonly pool: Piscina;
  private readonly maxQueue: number;

  constructor(private readonly budget: ImportConfig) {
    this.maxQueue = budget.threads * 4;
    this.pool = new Piscina({
      filename: new URL('./import-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: budget.threads,
      maxQueue: this.maxQueue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryLimitMb },
    });
  }

  /** Decodes, reads and checks a file in a worker; the time budget starts when a thread takes it up. */
  parse(base64: string, options: { batchSize: number; format: BatchFormat }, region: string | null, choice: ImportChoice = {}): Promise<ParsedImport> {
    return this.run({ base64, ...options, region, choice }) as Promise<ParsedImport>;
  }

  /**
   * The same, with the valid rows coming out batch by batch while the worker checks the rest, so the
   * database writes one batch while the next is checked. `columns` settles first: the file's contact
   * columns, or the refusal of the file (a 400, before any row). `batches` fails with the refusal,
   * or the read's failure, should one come later; `summary` (rejected rows) settles after the last batch.
   */
  stream(base64: string, options: { batchSize: number; format: BatchFormat }, region: string | null, choice: ImportChoice = {}): ImportStream {
    const { port1: received, port2: rowsPort } = new MessageChannel();
    const messages = on(received, 'message');
    // Never what keeps the process up (a listener refs the port): a write that failed before
    // taking the rows leaves them to be collected.
    received.unref();
    const stop = () => {
      void messages.return?.();
      received.close();
    };
    const answer = this.run({ base64, ...options, region, choice, rows: rowsPort }, [rowsPort]).then((result) => {
      if ('refused' in (result as StreamedImport)) throw refusal(result as RefusedImport);
      return result as ImportSummary;
    });
    // A failure of the answer, for the rows to report (it never settles otherwise); handled here
    // too, as nobody may be waiting for a row when it comes.
    const failed = answer.then(() => new Promise<never>(() => {}));
    failed.catch(() => {});
    const next = async () => {
      const message = await Promise.race([messages.next(), failed]);
      return message.done ? null : (message.value as unknown[])[0];
    };
    const columns = next().then((first) => (first as { columns: ImportColumnKey[] }).columns);
    columns.catch(stop);
    async function* batches(): AsyncGenerator<Uint8Array> {
      await columns;
      try {
        for (let batch = await next(); batch !== null; batch = await next()) yield batch as Uint8Array;
      } finally {
        stop();
      }
    }
    return { columns, batches: batches(), summary: answer };
  }

  private async run(task: Omit<ImportTask, 'started'>, transferList: MessagePort[] = []): Promise<unknown> {
    if (this.pool.queueSize >= this.maxQueue) throw new HttpError(429, importBudgetMessages.busy);
    const abort = new AbortController();
    const { port1: started, port2: startedPort } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    started.once('message', () => {
      timer = setTimeout(() => abort.abort(), this.budget.timeLimitMs);
    });
    try {
      return await this.pool.run({ ...task, started: startedPort } satisfies ImportTask, { signal: abort.signal, transferList: [startedPort, ...transferList] });
    } catch (error) {
      if (abort.signal.aborted) throw badRequest(importBudgetMessages.tooSlow(Math.round(this.budget.timeLimitMs / 1000)));
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw badRequest(importBudgetMessages.tooMuchMemory);
      throw error;
    } finally {
      clearTimeout(timer);
      started.close();
    }
  }

  close() {
    return this.pool.destroy();
  }
}

/** A file being read by `ImportPool.stream`. */
export type ImportStream = { columns: Promise<ImportColumnKey[]>; batches: AsyncIterable<Uint8Array>; summary: Promise<ImportSummary> };

/** A refused file as the 400 its reader answers. */
export const refusal = ({ refused, details }: RefusedImport) => new HttpError(400, refused, undefined, details);
