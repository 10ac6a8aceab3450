import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStepsSchema } from '#domain';
import { businesses, campaigns, contactFilters } from '../../server/db/schema';
import { saveAutomation } from '../support/automation';
import { addContacts, signedInOwner } from '../support/delivery-app';
import { startTestApp, ApiClient, type TestApp } from '../support/test-app';
import { unreachableBusinessIds } from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp?.close());

const firstSteps = (client: ApiClient, businessId: number | string) => client.get(`/api/business/get-first-steps/${businessId}`);

describe("the dashboard's first steps", () => {
  it('say what a new business has done: review sites, contacts, a campaign started, the automation on', async () => {
    const shop = await signedInOwner(testApp.app);
    await testApp.app.db.update(businesses).set({ reviewSites: [] }).where(eq(businesses.id, shop.businessId));
    const empty = await firstSteps(shop.client, shop.businessId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ reviewSites: 0, contacts: 0, campaignsStarted: 0, automationEnabled: false });

    await testApp.app.db.update(businesses).set({ reviewSites: [{ name: 'Google', url: 'https://g.page/r/x' }, { name: 'Yelp', url: 'https://yelp.com/biz/x' }] }).where(eq(businesses.id, shop.businessId));
    await addContacts(testApp.app, shop.businessId, 3);
    // A draft is not a request sent; a started campaign is.
    const [filter] = await testApp.app.db.insert(contactFilters).values({ businessId: shop.businessId, name: 'Everyone' }).returning();
    const campaign = { businessId: shop.businessId, contactFilterId: filter!.id, type: 'EMAIL' as const, subject: 'Hi', interval: 1, intervalSize: 5, messageBody: 'Hi' };
    await testApp.app.db.insert(campaigns).values([{ ...campaign, name: 'Draft' }, { ...campaign, name: 'Sent', status: 'COMPLETED' }]);
    await saveAutomation(shop);
    const done = (await firstSteps(shop.client, shop.businessId)).json();
    expect(firstStepsSchema.parse(done)).toEqual({ reviewSites: 2, contacts: 3, campaignsStarted: 1, automationEnabled: true });
  });

  it.each(unreachableBusinessIds(() => 0))('answers 404 for %s, and 401 to nobody signed in', async (_what, businessId) => {
    const shop = await signedInOwner(testApp.app);
    const stranger = await signedInOwner(testApp.app);
    const id = businessId() === 0 ? stranger.businessId : businessId();
    expect((await firstSteps(shop.client, id)).statusCode).toBe(404);
    expect((await firstSteps(new ApiClient(testApp.app), shop.businessId)).statusCode).toBe(401);
  });
});
