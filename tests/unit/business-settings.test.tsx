import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS, senders } from '../support/records';
import { renderApp } from '../support/render-app';

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const UPDATE = `PUT /business/update-business/${BUSINESS.id}`;

function renderSettings() {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  api.on(`GET /campaign/get-sender/${BUSINESS.id}`, [200, senders()]);
  api.on(UPDATE, (body) => [200, { id: BUSINESS.id, ...(body as object) }]);
  return { api, app: renderApp('/business-settings') };
}

describe('business settings: email sender', () => {
  it("shows the defaults (the business's name, the owner's email) and the From line customers will see as it is typed", async () => {
    const { app } = renderSettings();
    const senderName = await app.findByLabelText('Sender name');
    const replyTo = app.getByLabelText('Reply-to address');
    expect(senderName).toHaveValue('');
    expect(senderName).toHaveAttribute('placeholder', 'Corner Bakery');
    await waitFor(() => expect(replyTo).toHaveAttribute('placeholder', 'ada@example.com'));
    expect(await app.findByTestId('sender-preview')).toHaveTextContent(
      'Customers see emails from "Corner Bakery" <hello@bakery.example>; their replies go to ada@example.com.',
    );
    type(senderName, "Keller's Café");
    type(replyTo, 'hallo@keller.example');
    await waitFor(() =>
      expect(app.getByTestId('sender-preview')).toHaveTextContent(
        `Customers see emails from "Keller's Café" <hello@bakery.example>; their replies go to hallo@keller.example.`,
      ),
    );
  });

  it('refuses a reply-to that is not an address, then saves the sender name and reply-to', async () => {
    const { api, app } = renderSettings();
    type(await app.findByLabelText('Sender name'), "Keller's Café");
    type(app.getByLabelText('Reply-to address'), 'keller at example');
    fireEvent.click(app.getByRole('button', { name: 'Save settings' }));
    expect(await app.findByText('Reply-to address must be an email address such as owner@example.com')).toBeInTheDocument();
    expect(api.calls).not.toContain(UPDATE);
    type(app.getByLabelText('Reply-to address'), 'hallo@keller.example');
    fireEvent.click(app.getByRole('button', { name: 'Save settings' }));
    expect(await app.findByText('Business Saved')).toBeInTheDocument();
    expect(api.bodies[UPDATE]).toEqual([expect.objectContaining({ senderName: "Keller's Café", replyTo: 'hallo@keller.example' })]);
  });

  it('shows the punycode host beside a review site whose address has non-Latin letters in its host', async () => {
    const { app } = renderSettings();
    const address = await app.findByLabelText('Site 1 address');
    expect(app.queryByTestId('punycode-host')).not.toBeInTheDocument();
    // "yеlp" with a Cyrillic "е": a look-alike of yelp.com.
    type(address, 'https://www.y\u0435lp.com/biz/cafe');
    expect(await app.findByTestId('punycode-host')).toHaveTextContent(`Opens www.${new URL('https://y\u0435lp.com').hostname}: check that this is the site you mean.`);
    expect(app.getByTestId('punycode-host').textContent).toMatch(/Opens www\.xn--/);
    type(address, 'https://www.yelp.com/biz/café-de-flore');
    await waitFor(() => expect(app.queryByTestId('punycode-host')).not.toBeInTheDocument());
  });
});
