import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { campaignMessages } from '#domain';
import { ownedCampaign, type OwnedCampaign } from '../campaigns/queries';
import { notFound, unauthorized } from '../lib/errors';
import { parseId } from '../lib/ids';
import { ownedBusiness, type Business } from './queries';

/** A request value by part and field path: 'params.businessId', 'body.contactFilter.businessId', 'query.businessId'. */
type RequestValue = `${'params' | 'query' | 'body'}.${string}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where the route names the business it works on; the ownership hook sets `request.business`. */
    business?: RequestValue;
    /** Where the route names its campaign; the ownership hook sets `request.campaign` and `request.business`. */
    campaign?: RequestValue;
  }
  interface FastifyRequest {
    /** The signed-in owner's business, on routes that declare `config.business` or `config.campaign`. */
    business: Business;
    /** The signed-in owner's campaign, on routes that declare `config.campaign`. */
    campaign: OwnedCampaign;
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
 * Business ownership, checked once for every route that declares where its business (or campaign)
 * is named. A stranger's business answers exactly like a missing one, so ids cannot be probed, and
 * handlers receive `request.business` (and `request.campaign`) instead of checking themselves.
 */
export default fp(async function ownership(app: FastifyInstance) {
  app.decorateRequest('business', null as unknown as Business);
  app.decorateRequest('campaign', null as unknown as OwnedCampaign);

  const resolveBusiness = (at: RequestValue) =>
    async function resolveOwnedBusiness(request: FastifyRequest) {
      if (!request.user) throw unauthorized();
      const id = parseId(valueAt(request, at));
      const business = id && (await ownedBusiness(app.db, request.user.id, id));
      if (!business) throw notFound(BUSINESS_NOT_FOUND);
      request.business = business;
    };

  const resolveCampaign = (at: RequestValue) =>
    async function resolveOwnedCampaign(request: FastifyRequest) {
      if (!request.user) throw unauthorized();
      const id = parseId(valueAt(request, at));
      const owned = id && (await ownedCampaign(app.db, request.user.id, id));
      if (!owned) throw notFound(campaignMessages.notFound);
      request.campaign = owned.campaign;
      request.business = owned.business;
    };

  app.addHook('onRoute', (route) => {
    const { business, campaign } = route.config ?? {};
    const at = campaign ?? business;
    if (!at) return;
    const resolve = (campaign ? resolveCampaign(campaign) : resolveBusiness(at)) as preHandlerAsyncHookHandler;
    // A path or query value is checked as sent, before validation: another owner's id answers 404
    // whatever the body. A body value is checked once validated, so a malformed one gets its field message.
    const stage = at.startsWith('body.') ? 'preHandler' : 'preValidation';
    route[stage] = [...[route[stage] ?? []].flat(), resolve];
  });
});
