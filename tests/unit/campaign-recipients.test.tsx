import { describe, expect, it } from 'vitest';
import { NO_ADDRESS_SKIPS, SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS, campaign, campaignDetails, recipientDelivery } from '../support/records';
import { renderApp } from '../support/render-app';

describe("a campaign's recipients", () => {
  it('show numbers as people write them: nationally in the business’s country (Germany), internationally elsewhere, and — for a contact without one', async () => {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
    const items = [
      recipientDelivery(1, { name: 'Anna Berg', address: '+4915123456789' }),
      recipientDelivery(2, { name: 'Cleo Hart', address: '+447911123456' }),
      recipientDelivery(3, { name: 'Ben Roe', address: '', state: 'skipped', error: NO_ADDRESS_SKIPS.SMS, sentAt: null }),
    ];
    signedInApi([BUSINESS]).on(
      'GET /campaign/get-campaign-details/7',
      [200, campaignDetails({ campaign: campaign(7, { name: 'Spring texts', type: 'SMS', status: 'COMPLETED' }), recipients: { total: 3, offset: 0, limit: 100, items } })],
    );
    const app = renderApp('/campaigns/7');
    const row = async (name: string) => (await app.findByText(name)).closest('tr')!;
    expect(await row('Anna Berg')).toHaveTextContent('01512 3456789');
    expect(await row('Cleo Hart')).toHaveTextContent('+44 7911 123456');
    expect(await row('Ben Roe')).toHaveTextContent('—');
    expect(await row('Ben Roe')).toHaveTextContent(NO_ADDRESS_SKIPS.SMS);
  });
});
