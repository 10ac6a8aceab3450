import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { notFound, unauthorized } from '../lib/errors';
import { parseId } from '../lib/ids';
import { ownedBusiness, type Business } from './queries';

/** A request value by part and field path: 'params.businessId', 'body.contactFilter.businessId', 'query.businessId'. */
type RequestValue = `${'params' | 'query' | 'body'}.${string}`;

/**
 * The kinds of record a route can be keyed by, each with its id's type; a module adds its own
 * kind beside the loader it registers (`declare module '../businesses/ownership' { interface OwnedRecords { campaign: number } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the modules (declaration merging)
export interface OwnedRecords {}
export type RecordKind = keyof OwnedRecords & string;

/** The business a record belongs to: its id, or undefined when there is no such record (or none the owner may reach). */
export type BusinessOfRecord = (db: Db, id: number) => Promise<number | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where the route names the business it works on; the ownership hook sets `request.business`. */
    business?: RequestValue;
    /** Where the route names the record it works on, by kind (`{ campaign: 'params.id' }`); sets `request.owned` and `request.business`. */
    owns?: { [Kind in RecordKind]?: RequestValue };
  }
  interface FastifyRequest {
    /** The signed-in owner's business, on routes that declare `config.business` or `config.owns`. */
    business: Business;
    /** The ids of the records a route declares in `config.owns`, each checked to be in the owner's business. */
    owned: OwnedRecords;
  }
  interface FastifyInstance {
    /** How the ownership hook finds the business of a record of this kind, and what it answers when the record is not the owner's. */
    registerOwner(kind: RecordKind, businessOf: BusinessOfRecord, notFoundMessage: string): void;
  }
}

const BUSINESS_NOT_FOUND = 'Business not found.';

function valueAt(request: FastifyRequest, at: RequestValue): unknown {
  const [part, ...path] = at.split('.') as [keyof Pick<FastifyRequest, 'params' | 'query' | 'body'>, ...string[]];
  let value: unknown = request[part];
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * Business ownership, checked once for every route that declares where its business, or the
 * record it works on, is named. A stranger's business or record answers exactly like a missing
 * one, so ids cannot be probed, and handlers receive `request.business` (and `request.owned`)
 * instead of checking themselves. Modules register how to find their records' business
 * (`app.registerOwner`), so this module knows no feature module.
 */
export default fp(async function ownership(app: FastifyInstance) {
  app.decorateRequest('business', null as unknown as Business);
  app.decorateRequest('owned', null as unknown as OwnedRecords);
  const owners = new Map<RecordKind, { businessOf: BusinessOfRecord; notFoundMessage: string }>();
  app.decorate('registerOwner', (kind: RecordKind, businessOf: BusinessOfRecord, notFoundMessage: string) => {
    owners.set(kind, { businessOf, notFoundMessage });
  });

  /** The owner's business of that id, or a 404 with `message` (the same for a missing one and a stranger's). */
  async function ownersBusiness(request: FastifyRequest, businessId: number | undefined, message: string) {
    if (!request.user) throw unauthorized();
    const business = businessId && (await ownedBusiness(app.db, request.user.id, businessId));
    if (!business) throw notFound(message);
    request.business = business;
  }

  const resolveBusiness = (at: RequestValue) =>
    async function resolveOwnedBusiness(request: FastifyRequest) {
      await ownersBusiness(request, parseId(valueAt(request, at)), BUSINESS_NOT_FOUND);
    };

  const resolveRecord = (kind: RecordKind, at: RequestValue) => {
    const owner = owners.get(kind);
    if (!owner) throw new Error(`No owner loader for "${kind}": the module registers one with app.registerOwner before its routes`);
    return async function resolveOwnedRecord(request: FastifyRequest) {
      const id = parseId(valueAt(request, at));
      if (!id) throw notFound(owner.notFoundMessage);
      await ownersBusiness(request, await owner.businessOf(app.db, id), owner.notFoundMessage);
      request.owned = { ...request.owned, [kind]: id };
    };
  };

  app.addHook('onRoute', (route) => {
    const { business, owns = {} } = route.config ?? {};
    const records = Object.entries(owns) as Array<[RecordKind, RequestValue]>;
    if (business && records.length) throw new Error(`${route.url} declares both its business and a record: the record names the business`);
    const checks: Array<[RequestValue, preHandlerAsyncHookHandler]> = business
      ? [[business, resolveBusiness(business) as preHandlerAsyncHookHandler]]
      : records.map(([kind, at]) => [at, resolveRecord(kind, at) as preHandlerAsyncHookHandler]);
    for (const [at, resolve] of checks) {
      // A path or query value is checked as sent, before validation: another owner's id answers 404
      // whatever the body. A body value is checked once validated, so a malformed one gets its field message.
      const stage = at.startsWith('body.') ? 'preHandler' : 'preValidation';
      route[stage] = [...[route[stage] ?? []].flat(), resolve];
    }
  });
});
