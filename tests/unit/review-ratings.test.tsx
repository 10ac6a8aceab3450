import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY, type ReputationSummary } from '#domain';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS, campaignDetails } from '../support/records';
import { renderApp } from '../support/render-app';

/** Where the owner reads the customers' star ratings: a campaign's details and /reputation. */

function summary(): ReputationSummary {
  return {
    from: '2026-04-02',
    to: '2026-05-01',
    requests: 20,
    visits: 14,
    clicks: 9,
    sites: [{ name: 'Google', clicks: 9 }],
    feedback: { count: 2, averageRating: 2 },
    automation: null,
    ratings: { count: 12, averageRating: 4.5 },
    days: [],
    campaigns: [],
    inbox: [],
  };
}

function signedIn() {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  return signedInApi([BUSINESS]);
}

describe('star ratings on the screens', () => {
  it("a campaign's details say how many customers rated their visit and the average, and each recipient's rating and feedback", async () => {
    signedIn().on('GET /campaign/get-campaign-details/7', [200, campaignDetails()]);
    const app = renderApp('/campaigns/7');
    expect(await app.findByTestId('funnel-ratings')).toHaveTextContent('3 customers rated their visit: 4.3 of 5 on average.');
    expect(app.getByText('Rated ★★★★★ 5 of 5')).toBeInTheDocument();
    expect(app.getByText('Rated ★★☆☆☆ 2 of 5')).toBeInTheDocument();
    expect(app.getAllByText('Sent feedback')).toHaveLength(1);
  });

  it('/reputation shows the ratings (every customer once, with their last choice) beside the private feedback', async () => {
    signedIn().on(`GET /reputation/get-summary/${BUSINESS.id}`, [200, summary()]);
    const app = renderApp('/reputation');
    const totals = await app.findByTestId('reputation-totals');
    expect(totals).toHaveTextContent('Private feedback2');
    expect(totals).toHaveTextContent('Ratings12');
    expect(totals).toHaveTextContent('Average rating4.5/ 5');
  });
});
