import type { FieldErrors, VisitSource } from '#domain';
import { CONNECTOR_PROVIDERS } from '#domain/connectors';
import { readContactRow, type ContactRowInput } from '#domain/contact-rows';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { saveContactRows } from '../contacts/upsert';
import type { DeliveryQueue } from '../sending/queue';
import { visitsHappened, wakeAutomation, type VisitOutcome } from './visits';

/** A customer who visited, as another system or the counter's page describes them. */
export type CustomerVisit = {
  business: { id: number; region: string | null };
  customer: ContactRowInput;
  /** When the visit happened; absent: now. */
  visitedAt?: Date;
  source: VisitSource;
};

export type RecordedVisit = { contactId: number; created: boolean; outcome: VisitOutcome };
export type CustomerVisitResult = { problems: FieldErrors } | RecordedVisit;

const CONNECTOR_SOURCES: ReadonlySet<VisitSource> = new Set(CONNECTOR_PROVIDERS);

type Deps = { db: Db; config: AppConfig; delivery: DeliveryQueue; log: Pick<FastifyBaseLogger, 'error'> };

/**
 * A customer visited: the contact is found by email or phone number (or created) with the import's
 * rules for a row, and the visit is recorded in the same transaction (Last visited, and the review
 * automation's request when it is on). Every trigger that is not the Contacts screen's Check in
 * goes through here (or `customersVisited`): the visits API, connected systems and the counter's
 * check-in page.
 *
 * `inTransaction` runs more writes of the caller's in the same transaction (an idempotency record,
 * a consent) once the contact is known. The request's lane is woken after the commit.
 */
export async function customerVisited(
  deps: Deps,
  visit: CustomerVisit,
  inTransaction?: (tx: Db, result: RecordedVisit) => Promise<void>,
): Promise<CustomerVisitResult> {
  const [result] = await customersVisited(deps, [visit], inTransaction && ((tx, [recorded]) => inTransaction(tx, recorded!)));
  return result!;
}

/**
 * Several customers visited, recorded as `customerVisited` records one, all in one transaction:
 * a caller with many visits at once (the visits API under load) takes the business's contacts
 * lock and commits once for all of them. Answers each visit's result, in order; a visit that is
 * not a contact is left out of the transaction with its problems. `inTransaction` gets the recorded
 * ones, in order, each with its index in `visits`; throwing there rolls them all back.
 */
export async function customersVisited(
  deps: Deps,
  visits: readonly CustomerVisit[],
  inTransaction?: (tx: Db, recorded: Array<RecordedVisit & { index: number }>) => Promise<void>,
): Promise<CustomerVisitResult[]> {
  // A provider's purchase cannot be corrected: its customer keeps what reads (a free-text phone is left out), named or not.
  const readings = visits.map((visit) => {
    const fromProvider = CONNECTOR_SOURCES.has(visit.source);
    return readContactRow(visit.customer, visit.business.region, { leaveOut: fromProvider, nameOptional: fromProvider });
  });
  const problemsOf = (index: number) => ({ problems: (readings[index] as { problems: FieldErrors }).problems });
  const valid = readings.flatMap((reading, index) => ('contact' in reading ? [{ index, row: reading.contact }] : []));
  if (valid.length === 0) return readings.map((_, index) => problemsOf(index));
  const { recorded, wakeUps } = await deps.db.transaction(async (tx) => {
    // Each business's contacts in one statement (a customer twice finds the contact the first visit created).
    const saved: Array<{ index: number; id: number; created: boolean }> = [];
    for (const businessId of new Set(valid.map(({ index }) => visits[index]!.business.id))) {
      const ofBusiness = valid.filter(({ index }) => visits[index]!.business.id === businessId);
      // Nobody vouches for a name typed at the counter: a contact found there keeps the one it has.
      const keepNames = ofBusiness.every(({ index }) => visits[index]!.source === 'check-in-page');
      const contacts = await saveContactRows(tx, businessId, ofBusiness.map(({ row }) => row), { keepNames });
      ofBusiness.forEach(({ index }, k) => saved.push({ index, ...contacts[k]! }));
    }
    const happened = await visitsHappened(
      tx,
      saved.map(({ index, id }) => {
        const visit = visits[index]!;
        return { businessId: visit.business.id, contactId: id, source: visit.source, ...(visit.visitedAt ? { visitedAt: visit.visitedAt } : {}) };
      }),
      deps.config,
    );
    const recorded = saved.map(({ index, id, created }, k) => ({ index, contactId: id, created, outcome: happened.outcomes[k]! }));
    await inTransaction?.(tx, recorded);
    return { recorded, wakeUps: happened.wakeUps };
  });
  await wakeAutomation(deps.delivery, wakeUps, deps.log);
  const byIndex = new Map(recorded.map(({ index, ...result }) => [index, result]));
  return readings.map((_, index) => byIndex.get(index) ?? problemsOf(index));
}
