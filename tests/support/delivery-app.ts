import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import { openDatabase, queryRows } from '../../server/db/client';
import { businesses, contacts } from '../../server/db/schema';
import type { Campaign, ContactFilter, FilterCondition } from '#domain';
import type { Clock } from '../../server/lib/clock';
import type { AwsFetch } from '../../server/inbound/email-events/sns';
import { ApiClient, isolatedPostgresDatabase } from './test-app';

export const testDatabaseKind = () => (process.env.STARBOOST_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export type DeliveryApp = { app: FastifyInstance; config: AppConfig; databaseUrl: string | null; close(): Promise<void> };

/** The real server with a delivery worker in the process (as `npm start` runs), on a fresh database. */
export async function startDeliveryApp(
  env: Record<string, string> = {},
  options: { worker?: boolean; /** The SMS window's clock. */ clock?: Clock; /** Answers the SES webhook's calls to AWS. */ awsFetch?: AwsFetch } = {},
): Promise<DeliveryApp> {
  const config = {
    ...loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'silent', DELIVERY_POLL_MS: '500', DELIVERY_SWEEP_MS: '1000', ...env }),
    staticDir: null,
  };
  const isolated = testDatabaseKind() === 'postgres' ? await isolatedPostgresDatabase() : null;
  const database = isolated
    ? await openDatabase({ databaseUrl: isolated.url, poolSize: 8 })
    : await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp(config, { database, logger: false, worker: options.worker ?? true, deliveryClock: options.clock, awsFetch: options.awsFetch });
  await app.ready();
  return {
    app,
    config,
    databaseUrl: isolated?.url ?? null,
    async close() {
      await app.close();
      await isolated?.drop();
    },
  };
}

/** Runs `fn` against a delivery app started with extra environment, and always closes it. */
export async function withDeliveryApp<T>(
  env: Record<string, string>,
  fn: (deliveryApp: DeliveryApp) => Promise<T>,
  options: { worker?: boolean } = {},
): Promise<T> {
  const deliveryApp = await startDeliveryApp(env, options);
  try {
    return await fn(deliveryApp);
  } finally {
    await deliveryApp.close();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns something other than undefined/false. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export type Owner = { client: ApiClient; businessId: number; businessName: string };

export async function signedInOwner(app: FastifyInstance, reviewLink = 'https://g.page/r/corner-bakery/review'): Promise<Owner> {
  const client = new ApiClient(app);
  await client.signUpAndIn();
  const business = await client.createBusiness();
  await app.db.update(businesses).set({ reviewSites: [{ name: 'Google', url: reviewLink }] }).where(sql`${businesses.id} = ${business.id}`);
  return { client, businessId: business.id, businessName: business.name };
}

type NewContact = typeof contacts.$inferInsert;

/** Contacts straight into the table (the import is tested elsewhere); `n` numbered ones by default. */
export async function addContacts(app: FastifyInstance, businessId: number, count: number, make: (i: number) => Partial<NewContact> = () => ({})) {
  const rows: NewContact[] = [];
  for (let i = 0; i < count; i += 1) {
    rows.push({
      businessId,
      firstName: `Ann${i}`,
      lastName: 'Lee',
      email: `ann${i}.${businessId}@example.com`,
      phoneNumber: String(4915100000000 + businessId * 100000 + i),
      birthDate: '1990-01-01',
      gender: 'FEMALE',
      ...make(i),
    });
  }
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await app.db.insert(contacts).values(rows.slice(start, start + 1000)).returning({ id: contacts.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export async function createFilter(owner: Owner, items: FilterCondition[] = [{ attribute: 'email', operator: 'CONTAINS', value: '@' }]) {
  const response = await owner.client.post('/api/contact-filter/create-contact-filter-with-items', {
    contactFilter: { name: `Filter ${randomUUID().slice(0, 8)}`, businessId: owner.businessId },
    contactFilterItems: items,
  });
  if (response.statusCode !== 201) throw new Error(`create filter failed: ${response.body}`);
  return response.json() as ContactFilter;
}

export const campaignBody = (owner: Owner, filter: ContactFilter, overrides: Record<string, unknown> = {}) => ({
  name: `Campaign ${randomUUID().slice(0, 8)}`,
  type: 'EMAIL',
  interval: 1,
  intervalSize: 5,
  subject: 'Hello ${firstName}',
  messageBody: 'Hi ${firstName}, please review ${businessName}: ${reviewLink}',
  businessId: owner.businessId,
  contactFilterId: filter.id,
  sendAllAtOnce: true,
  ...overrides,
});

export async function launchCampaign(owner: Owner, filter: ContactFilter, overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const response = await owner.client.post('/api/campaign/launch-new-campaign', campaignBody(owner, filter, overrides));
  if (response.statusCode !== 201) throw new Error(`launch failed: ${response.body}`);
  return response.json();
}

export async function createCampaign(owner: Owner, filter: ContactFilter, overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const response = await owner.client.post('/api/campaign/create-new-campaign', campaignBody(owner, filter, overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json();
}

export async function listedCampaign(owner: Owner, id: number): Promise<Campaign> {
  const response = await owner.client.get(`/api/campaign/get-campaigns/${owner.businessId}`);
  return (response.json() as Campaign[]).find((campaign) => campaign.id === id)!;
}

/** Waits until the campaign has left IN_PROGRESS and answers it as listed. */
export function finishedCampaign(owner: Owner, id: number, timeoutMs = 45_000) {
  return waitFor(async () => {
    const campaign = await listedCampaign(owner, id);
    return campaign.status === 'IN_PROGRESS' || campaign.status === 'CREATED' ? undefined : campaign;
  }, timeoutMs, `campaign ${id} to finish`);
}

/**
 * A campaign's sent messages grouped by the claim (batch) that took them, in claim order: its size,
 * when it was claimed and when its first message was recorded sent (epoch ms, to the microsecond).
 * Every row of one claim carries that claim's transaction time.
 */
export async function sendBatches(app: FastifyInstance, campaignId: number) {
  return queryRows<{ size: number; claimedMs: number; firstSentMs: number }>(
    app.db,
    sql`select count(*)::int as size, (extract(epoch from claimed_at) * 1000)::float8 as "claimedMs",
               (extract(epoch from min(sent_at)) * 1000)::float8 as "firstSentMs"
        from deliveries where campaign_id = ${campaignId} and sent_at is not null
        group by claimed_at order by claimed_at`,
  );
}

/** How many of a campaign's deliveries are in each state. */
export async function stateCounts(app: FastifyInstance, campaignId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ state: string; count: number }>(
    app.db,
    sql`select state, count(*)::int as count from deliveries where campaign_id = ${campaignId} group by state`,
  );
  return Object.fromEntries(rows.map(({ state, count }) => [state, count]));
}

export async function deliveryRows(app: FastifyInstance, campaignId: number) {
  return queryRows<{ id: number; contactId: number | null; address: string; state: string; attempts: number; error: string | null; subject: string | null; body: string; sentAt: Date | null; unsubscribeToken: string; providerId: string | null; reviewToken: string | null; followUp: boolean }>(
    app.db,
    sql`select id, contact_id as "contactId", address, state, attempts, error, subject, body, sent_at as "sentAt",
               unsubscribe_token::text as "unsubscribeToken", provider_id as "providerId",
               review_token as "reviewToken", follow_up as "followUp"
        from deliveries where campaign_id = ${campaignId} order by id`,
  );
}
