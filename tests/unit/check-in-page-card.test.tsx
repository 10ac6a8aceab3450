import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import type { CheckInPageLink } from '#domain/check-in-page';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS, senders } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded ahead: the lazily loaded screens then render without waiting on their chunks.
import '../../src/components/layout/AppLayout';
import '../../src/pages/business-settings/BusinessSettingsPage';
import '../../src/pages/check-in-poster/CheckInPosterPage';

const LINK_ROUTE = `GET /business/get-check-in-page/${BUSINESS.id}`;
const LINK: CheckInPageLink = {
  url: 'https://app.starboost.example/k/3f9a1c0b7d2e',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33"><path d="M4 4h7v7H4z"/></svg>',
};

function renderAt(path: string, answer: [number, unknown] = [200, LINK]) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  api.on(`GET /campaign/get-sender/${BUSINESS.id}`, [200, senders()]);
  api.on(LINK_ROUTE, answer);
  return { api, app: renderApp(path) };
}

afterEach(() => vi.restoreAllMocks());

describe('the check-in page card on /business-settings', () => {
  it("shows the page's link to copy or open, and a button for each poster", async () => {
    const { app } = renderAt('/business-settings');
    const card = within((await app.findByText('Check-in page')).closest('.ant-card') as HTMLElement);
    expect(await card.findByTestId('check-in-link')).toHaveTextContent(LINK.url);
    expect(card.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const open = card.getByRole('link', { name: /Open page/ });
    expect(open).toHaveAttribute('href', LINK.url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(card.getByRole('link', { name: /Print A4 poster/ })).toHaveAttribute('href', '/business-settings/check-in-poster?size=a4');
    expect(card.getByRole('link', { name: /Print Letter poster/ })).toHaveAttribute('href', '/business-settings/check-in-poster?size=letter');
    expect(card.getByRole('link', { name: /Print table tent/ })).toHaveAttribute('href', '/business-settings/check-in-poster?size=tent');
  });

  it('says when the link could not be loaded, and loads it again on request', async () => {
    const { api, app } = renderAt('/business-settings', [500, { message: 'Something went wrong on our side.' }]);
    const error = await app.findByText('The check-in page could not be loaded.');
    expect(app.queryByRole('link', { name: /Print A4 poster/ })).not.toBeInTheDocument();
    api.on(LINK_ROUTE, [200, LINK]);
    // The page's other cards may fail too (their routes are not answered here): this card's button.
    fireEvent.click(within(error.closest('.ant-card')! as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await app.findByTestId('check-in-link')).toHaveTextContent(LINK.url);
  });

  it('opens the table tent: two faces with the name, the call, the QR code and the link; Print prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { app } = renderAt('/business-settings');
    fireEvent.click(await app.findByRole('link', { name: /Print table tent/ }));
    await waitFor(() => expect(app.location()).toBe('/business-settings/check-in-poster'));

    const sheet = await app.findByRole('region', { name: 'Table tent' });
    const faces = within(sheet).getAllByTestId('poster-face');
    expect(faces).toHaveLength(2);
    for (const face of faces) {
      expect(within(face).getByText(BUSINESS.name)).toBeInTheDocument();
      expect(within(face).getByText('Scan to check in')).toBeInTheDocument();
      const qr = within(face).getByRole('img', { name: `QR code of ${LINK.url}` });
      expect(decodeURIComponent(qr.getAttribute('src')!)).toBe(`data:image/svg+xml;charset=utf-8,${LINK.qrSvg}`);
      expect(within(face).getByTestId('poster-link')).toHaveTextContent('app.starboost.example/k/3f9a1c0b7d2e');
    }
    expect(faces[0]).toHaveClass('check-in-face-far');
    expect(app.getByRole('radio', { name: 'Table tent' })).toBeChecked();
    expect(pageRule()).toBe('@page { size: A4 portrait; margin: 10mm; }');

    fireEvent.click(app.getByRole('button', { name: /Print$/ }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('switches the poster to Letter paper, and reads an unknown size as A4', async () => {
    const { app } = renderAt('/business-settings/check-in-poster?size=poster-XL');
    expect(await app.findByRole('region', { name: 'A4 poster' })).toBeInTheDocument();
    expect(app.getAllByTestId('poster-face')).toHaveLength(1);
    expect(pageRule()).toBe('@page { size: A4 portrait; margin: 10mm; }');
    fireEvent.click(app.getByRole('radio', { name: 'Letter poster' }));
    expect(await app.findByRole('region', { name: 'Letter poster' })).toBeInTheDocument();
    expect(pageRule()).toBe('@page { size: letter portrait; margin: 10mm; }');
  });
});

/** The poster's @page rule, as the page renders it. */
const pageRule = () =>
  [...screen.getByTestId('check-in-poster').querySelectorAll('style')].map((style) => style.textContent).find((text) => text?.startsWith('@page'));
