import * as z from 'zod/mini';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONNECTOR_PROVIDERS, connectorOutcomes, type ConnectorProvider } from '#domain/connectors';
import type { FieldErrors } from '#domain/rules';
import { customerVisited } from '../automation/customer-visits';
import type { VisitOutcome } from '../automation/visits';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { notFound, unauthorized } from '../lib/errors';
import { parseId } from '../lib/ids';
import { pathId } from '../lib/schemas';
import type { PostReading, ProviderEvent, Purchase, SignedPost } from './post';
import { CONNECTOR_WEBHOOKS_PATH, connectorForPost, isTaken, markEventReceived, recordEvent, webhookUrl, type PostedConnector } from './queries';
import { postAnswer } from './schemas';
import { readShopifyPost } from './shopify';
import { readSquarePost } from './square';
import { readStripePost } from './stripe';

/** A payment or an order is a few kilobytes; a Shopify order of hundreds of lines stays well below this. */
const POST_MAX_BYTES = 1024 * 1024;

const READERS: Record<ConnectorProvider, (post: SignedPost) => PostReading> = {
  square: readSquarePost,
  stripe: readStripePost,
  shopify: readShopifyPost,
};

const NO_CONNECTION = 'No connected system has this webhook address: copy it again from Business settings in Starboost.';

/** Thrown inside a visit's transaction when a retry of the same purchase took it meanwhile: nothing is kept. */
class AlreadyTaken extends Error {}

/** Why a customer is not a contact, in the events' words. */
function notAContact(problems: FieldErrors): string {
  if (problems.reach) return connectorOutcomes.noReach;
  return connectorOutcomes.notAContact(Object.values(problems)[0]!);
}

const automationWords = (outcome: VisitOutcome) =>
  outcome.dueAt ? connectorOutcomes.requestScheduled : (outcome.skipped ?? connectorOutcomes.automationOff);

const header = (request: FastifyRequest) => (name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
};

/**
 * The webhook Square, Stripe and Shopify post to, one address per connection. The connection's
 * signature is checked before anything is read or recorded (a refused post answers 401 and changes
 * nothing); then each event or purchase is taken once, a completed payment or order as a visit of
 * the customer it names (the import's rules for a contact). Whatever is not taken answers 200 and
 * is recorded as ignored, with the reason: a 4xx would make the provider retry it for days.
 */
const connectorWebhookRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  // Signatures cover the bytes as sent: the body stays raw (in this plugin only), whatever its type says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: POST_MAX_BYTES }, (_request, body, done) => done(null, body));

  async function takePurchase(connector: PostedConnector, key: string, purchase: Purchase, log: FastifyBaseLogger): Promise<string> {
    try {
      const visit = await customerVisited(
        { db: app.db, config, delivery: app.delivery, log },
        {
          business: { id: connector.businessId, region: connector.region },
          customer: purchase.customer,
          ...(purchase.paidAt ? { visitedAt: purchase.paidAt } : {}),
          source: connector.provider,
        },
        async (tx: Db, result) => {
          const outcome = connectorOutcomes.visit(result.created, automationWords(result.outcome));
          if (!(await recordEvent(tx, connector.id, key, outcome))) throw new AlreadyTaken();
        },
      );
      if ('problems' in visit) return takeIgnored(connector, key, notAContact(visit.problems));
      return connectorOutcomes.visit(visit.created, automationWords(visit.outcome));
    } catch (error) {
      if (error instanceof AlreadyTaken) return connectorOutcomes.alreadyTaken;
      throw error;
    }
  }

  async function takeIgnored(connector: PostedConnector, key: string, outcome: string): Promise<string> {
    return (await recordEvent(app.db, connector.id, key, outcome)) ? outcome : connectorOutcomes.alreadyTaken;
  }

  async function take(connector: PostedConnector, event: ProviderEvent, log: FastifyBaseLogger): Promise<string> {
    if (await isTaken(app.db, connector.id, event.key)) return connectorOutcomes.alreadyTaken;
    return 'purchase' in event ? takePurchase(connector, event.key, event.purchase, log) : takeIgnored(connector, event.key, event.ignored);
  }

  app.post(
    `${CONNECTOR_WEBHOOKS_PATH}/:provider/:connectorId`,
    {
      config: { crossSiteAllowed: true },
      bodyLimit: POST_MAX_BYTES,
      schema: {
        tags: ['Connected systems'],
        summary:
          "A connected system's event (Square payment.updated, Stripe checkout.session.completed and charge.succeeded, Shopify orders/fulfilled); its signature with the connection's secret is the credential",
        params: z.object({
          provider: z.string().register(z.globalRegistry, { description: CONNECTOR_PROVIDERS.join(', '), examples: ['stripe'] }),
          connectorId: pathId('The connection, as its webhook address names it'),
        }),
        consumes: ['application/json'],
        security: [],
        response: { 200: postAnswer },
      },
    },
    async (request) => {
      const provider = CONNECTOR_PROVIDERS.find((candidate) => candidate === request.params.provider);
      const id = parseId(request.params.connectorId);
      const connector = provider && id ? await connectorForPost(app.db, id) : undefined;
      // A wrong provider answers as a missing connection: the address alone says nothing of the others.
      if (!connector || connector.provider !== provider) throw notFound(NO_CONNECTION);
      const reading = READERS[provider]({
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        header: header(request),
        secret: connector.secret,
        webhookUrl: webhookUrl(config.delivery.appUrl, provider, connector.id),
      });
      if ('refused' in reading) throw unauthorized(reading.refused);
      await markEventReceived(app.db, connector.id);
      const outcome = await take(connector, reading, request.log);
      request.log.info({ connectorId: connector.id, provider, outcome }, 'connected system event');
      return { outcome };
    },
  );
};

export default connectorWebhookRoutes;
