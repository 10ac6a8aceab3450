import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetOldMessageTexts } from '../../server/sending/retention';
import {
  addContacts,
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  signedInOwner,
  startDeliveryApp,
  type DeliveryApp,
} from '../support/delivery-app';

let delivery: DeliveryApp;
beforeAll(async () => {
  delivery = await startDeliveryApp();
});
afterAll(() => delivery?.close());

/** Moves a campaign's messages `days` into the past, as if they had been sent then. */
const sentDaysAgo = (campaignId: number, days: number) =>
  delivery.app.db.execute(
    sql`update deliveries set sent_at = now() - make_interval(days => ${days}), created_at = now() - make_interval(days => ${days})
        where campaign_id = ${campaignId}`,
  );

describe('DELIVERY_TEXT_RETENTION_DAYS', () => {
  it('empties the text of finished messages older than the retention and keeps the rows, their states and everything newer', async () => {
    const { app, config } = delivery;
    const owner = await signedInOwner(app);
    await addContacts(app, owner.businessId, 3);
    const filter = await createFilter(owner);
    const old = await launchCampaign(owner, filter, { subject: 'Old news', messageBody: 'Hi ${firstName}, thanks!' });
    await finishedCampaign(owner, old.id);
    const recent = await launchCampaign(owner, filter, { subject: 'Fresh news', messageBody: 'Hello ${firstName}!' });
    await finishedCampaign(owner, recent.id);
    await sentDaysAgo(old.id, config.delivery.textRetentionDays + 1);
    await sentDaysAgo(recent.id, config.delivery.textRetentionDays - 1);
    // A message still waiting to go keeps its text whatever its age.
    const [waiting] = await deliveryRows(app, recent.id);
    await app.db.execute(sql`update deliveries set state = 'queued', sent_at = null, created_at = now() - interval '3 years' where id = ${waiting!.id}`);

    expect(await forgetOldMessageTexts(app.db, config.delivery)).toBe(3);

    const oldRows = await deliveryRows(app, old.id);
    expect(oldRows).toHaveLength(3);
    expect(oldRows.map(({ subject, body, state }) => ({ subject, body, state }))).toEqual(Array(3).fill({ subject: null, body: '', state: 'outbox' }));
    const recentRows = await deliveryRows(app, recent.id);
    expect(recentRows.every((row) => row.body.startsWith('Hello ') && row.subject === 'Fresh news')).toBe(true);
    // The campaign's counts stay whole.
    expect((await finishedCampaign(owner, old.id)).counts).toMatchObject({ recipients: 3 });
    // Nothing left to forget: a second run changes nothing.
    expect(await forgetOldMessageTexts(app.db, config.delivery)).toBe(0);
  });
});
