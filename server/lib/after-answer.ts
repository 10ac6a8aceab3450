declare module 'fastify' {
  interface FastifyInstance {
    /** Work routes go on with after their answer has gone (account emails). */
    afterAnswer: AfterAnswerTasks;
  }
}

/**
 * Work a route goes on with after answering (so the answer does not wait for, or time, a mail
 * server): the server awaits it before it closes the database, and a test before it reads the
 * database, so such a write is never taken for one of the next request's.
 */
export class AfterAnswerTasks {
  private readonly running = new Set<Promise<void>>();

  /** Runs `task` on its own; its failure is handed to `onError` (it has no request to answer). */
  run(task: () => Promise<void>, onError: (error: unknown) => void) {
    const running = task().catch(onError);
    this.running.add(running);
    void running.finally(() => this.running.delete(running));
  }

  /** Resolves once every task started so far (and any they started) has ended. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
