import type { FieldErrors, VisitAnswer } from '#domain';
import { customersVisited, type CustomerVisit, type RecordedVisit } from '../automation/customer-visits';
import type { Db } from '../db/client';
import { storeAnswers, storedAnswers, visitedContacts, type StoredAnswer } from './queries';

type Deps = Parameters<typeof customersVisited>[0];

/** What became of one posted visit. */
export type VisitResult = { status: 'recorded'; answer: VisitAnswer } | { status: 'replay'; stored: StoredAnswer } | { status: 'invalid'; problems: FieldErrors };

type Waiting = { visit: CustomerVisit; idempotencyKey: string | null; settle(result: VisitResult): void; fail(error: unknown): void };

/** Visits recorded in one transaction at most. */
const BATCH_MAX = 100;

/** Concurrent duplicates committed first: their keys' answers are replayed, the rest of the batch is recorded again without them. */
class AnsweredAlready extends Error {
  constructor(readonly keys: ReadonlySet<string>) {
    super('idempotency keys answered by another call');
  }
}

/**
 * Records posted visits per business in batches, as a database commits a group: a visit arriving
 * while none of its business is being recorded is recorded at once, alone; those arriving
 * meanwhile wait and are recorded together next, in one transaction (`customersVisited`). The
 * visits of one business are recorded one transaction after the other anyway (each holds the
 * business's contacts lock until it commits), so under load one transaction for many visits is
 * what keeps them from queueing; at rest nothing waits.
 *
 * Idempotency: a batch first replays the keys already answered; each recorded visit's answer is
 * stored in the batch's transaction (on conflict do nothing); a key taken meanwhile by a
 * concurrent call rolls the batch back, that visit is replayed and the others are recorded again.
 */
export class VisitBatches {
  private readonly waiting = new Map<number, Waiting[]>();

  constructor(private readonly deps: Deps) {}

  record(visit: CustomerVisit, idempotencyKey: string | null): Promise<VisitResult> {
    return new Promise((settle, fail) => {
      const businessId = visit.business.id;
      const queue = this.waiting.get(businessId);
      const entry = { visit, idempotencyKey, settle, fail };
      // A batch of this business is being recorded: join the next one.
      if (queue) return void queue.push(entry);
      this.waiting.set(businessId, [entry]);
      void this.drain(businessId);
    });
  }

  /** Records the business's waiting visits, batch after batch, until none wait. */
  private async drain(businessId: number) {
    const queue = this.waiting.get(businessId)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH_MAX);
      // The same key twice in one batch: the second waits for the next batch, which replays the first's answer.
      const keys = new Set<string>();
      const now = batch.filter(({ idempotencyKey }) => !idempotencyKey || (!keys.has(idempotencyKey) && keys.add(idempotencyKey)));
      queue.unshift(...batch.filter((entry) => !now.includes(entry)));
      await this.recordBatch(now);
    }
    this.waiting.delete(businessId);
  }

  /** Records a batch and settles each of its visits with its result or its error; never throws. */
  private async recordBatch(batch: Waiting[]): Promise<void> {
    try {
      const fresh = await this.replayAnswered(batch);
      if (fresh.length === 0) return;
      let answers = new Map<number, VisitAnswer>();
      const results = await customersVisited(
        this.deps,
        fresh.map(({ visit }) => visit),
        async (tx, recorded) => {
          answers = await keepAnswers(tx, fresh, recorded);
        },
      );
      results.forEach((result, index) =>
        fresh[index]!.settle('problems' in result ? { status: 'invalid', problems: result.problems } : { status: 'recorded', answer: answers.get(index)! }),
      );
    } catch (error) {
      if (error instanceof AnsweredAlready) {
        // Those keys' answers are committed now (our insert waited for them): replayed. The others go again.
        const taken = batch.filter(({ idempotencyKey }) => idempotencyKey && error.keys.has(idempotencyKey));
        const unanswered = await this.replayAnswered(taken).catch((replayError: unknown) => {
          for (const entry of taken) entry.fail(replayError);
          return [];
        });
        return this.recordBatch([...batch.filter((entry) => !taken.includes(entry)), ...unanswered]);
      }
      // A visit that breaks its batch must not fail the others: each is recorded alone.
      if (batch.length > 1) {
        for (const entry of batch) await this.recordBatch([entry]);
        return;
      }
      // Settled already (replayed) or not: a promise keeps its first outcome.
      batch[0]?.fail(error);
    }
  }

  /** Settles the visits whose idempotency key was answered already; answers the others. */
  private async replayAnswered(batch: Waiting[]): Promise<Waiting[]> {
    const keys = batch.flatMap(({ idempotencyKey }) => (idempotencyKey ? [idempotencyKey] : []));
    const stored = keys.length ? await storedAnswers(this.deps.db, batch[0]!.visit.business.id, keys) : new Map<string, StoredAnswer>();
    return batch.filter((entry) => {
      const answer = entry.idempotencyKey && stored.get(entry.idempotencyKey);
      if (answer) entry.settle({ status: 'replay', stored: answer });
      return !answer;
    });
  }
}

/** The answers of a batch's recorded visits, by index, kept with their idempotency keys in its transaction. */
async function keepAnswers(tx: Db, batch: Waiting[], recorded: Array<RecordedVisit & { index: number }>): Promise<Map<number, VisitAnswer>> {
  const contacts = await visitedContacts(tx, recorded.map(({ contactId }) => contactId));
  const answers = new Map<number, VisitAnswer>(
    recorded.map(({ index, contactId, created, outcome }) => [
      index,
      {
        contact: { ...contacts.get(contactId)!, created },
        visit: { recorded: outcome.visitId !== null, requestDueAt: outcome.dueAt?.toISOString() ?? null, skipped: outcome.skipped },
      },
    ]),
  );
  const keyed = recorded.flatMap(({ index }) => {
    const key = batch[index]!.idempotencyKey;
    return key ? [{ key, stored: { statusCode: 201 as const, answer: answers.get(index)! } }] : [];
  });
  const taken = await storeAnswers(tx, batch[0]!.visit.business.id, keyed);
  if (taken.size > 0) throw new AnsweredAlready(taken);
  return answers;
}
