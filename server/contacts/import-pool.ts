import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import type { ImportConfig } from '../config';
import { badRequest, HttpError } from '../lib/errors';
import type { ImportChoice } from './import-columns';
import type { ImportTask, ParsedImport } from './import-task';

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
  async parse(base64: string, batchSize: number, region: string | null, choice: ImportChoice = {}): Promise<ParsedImport> {
    if (this.pool.queueSize >= this.maxQueue) throw new HttpError(429, importBudgetMessages.busy);
    const abort = new AbortController();
    const { port1: started, port2: startedPort } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    started.once('message', () => {
      timer = setTimeout(() => abort.abort(), this.budget.timeLimitMs);
    });
    try {
      return (await this.pool.run(
        { base64, batchSize, region, choice, started: startedPort } satisfies ImportTask,
        { signal: abort.signal, transferList: [startedPort] },
      )) as ParsedImport;
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
