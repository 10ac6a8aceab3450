import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import type { Contact } from '#domain/contacts';
import type { ContactHistory, Suppression } from '#domain/suppressions';
import { signedInApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';

const BUSINESS = { id: 5, name: 'Corner Bakery' };
const contact = (id: number, firstName: string, email: string, phoneNumber: string): Contact => ({
  id,
  firstName,
  lastName: 'Lee',
  email,
  phoneNumber,
  birthDate: '1990-04-12',
  gender: 'FEMALE',
  status: 'ACTIVE',
  tags: 'vip',
  lastVisited: null,
  businessId: BUSINESS.id,
});
const suppression = (id: number, channel: Suppression['channel'], address: string, reason: Suppression['reason']): Suppression => ({
  id,
  channel,
  address,
  reason,
  evidence: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('suppression marks and the contact drawer', () => {
  it('marks contacts whose email or phone is suppressed; the drawer lists it and lifts a hard bounce', async () => {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
    const api = signedInApi([BUSINESS]);
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [
      200,
      [contact(1, 'Anna', 'Anna@Example.com', '4915100000001'), contact(2, 'Ben', 'ben@example.com', '4915100000002'), contact(3, 'Cara', 'cara@example.com', '4915100000003')],
    ]);
    let suppressions = [suppression(7, 'EMAIL', 'anna@example.com', 'hard_bounce'), suppression(8, 'SMS', '4915100000002', 'stop')];
    api.on(`GET /suppression/get-suppressions/${BUSINESS.id}`, () => [200, suppressions]);
    const history: ContactHistory = {
      items: [{ type: 'message', at: '2026-11-01T09:00:00.000Z', campaignId: 3, campaignName: 'Spring thanks', channel: 'EMAIL', state: 'failed', error: 'Bounce report (5.1.1)', bounce: 'hard' }],
      suppressions: [suppression(7, 'EMAIL', 'anna@example.com', 'hard_bounce')],
    };
    api.on(`GET /contact/get-contact-history/${BUSINESS.id}/1`, () => [200, history]);
    api.on(`DELETE /suppression/lift-suppression/${BUSINESS.id}/7`, () => {
      suppressions = suppressions.filter((entry) => entry.id !== 7);
      history.suppressions = [];
      return [204, undefined];
    });
    const app = renderApp('/contacts');

    const row = (name: string) => app.getByRole('button', { name: `Open ${name} Lee` }).closest('.ant-table-row') as HTMLElement;
    await waitFor(() => expect(within(row('Anna')).getByText('Suppressed')).toHaveAttribute('title', 'Email: hard bounce'));
    expect(within(row('Ben')).getByText('Suppressed')).toHaveAttribute('title', 'Text messages: STOP');
    expect(within(row('Cara')).queryByText('Suppressed')).toBeNull();

    fireEvent.click(app.getByRole('button', { name: 'Open Anna Lee' }));
    const drawer = await app.findByRole('dialog');
    expect(await within(drawer).findByText('Email suppressed: hard bounce')).toBeInTheDocument();
    expect(within(drawer).getByText('Bounce report (5.1.1)')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Lift' }));
    expect(await within(drawer).findByText('Not suppressed')).toBeInTheDocument();
  });

  it('edits an imported contact without asking for what it lacks, shows its number as written at home, and never blanks a field', async () => {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
    const api = signedInApi([BUSINESS]);
    const imported: Contact = { ...contact(1, 'Anna', '', '4915123456789'), lastName: '', email: null, birthDate: null, tags: '' };
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, [imported]]);
    api.on(`GET /suppression/get-suppressions/${BUSINESS.id}`, [200, []]);
    api.on(`GET /contact/get-contact-history/${BUSINESS.id}/1`, [200, { items: [], suppressions: [] }]);
    api.on('PUT /contact/update-contact/1', (body) => [200, { ...imported, phoneNumber: '4915198765432', ...(body as object) }]);
    const app = renderApp('/contacts');

    fireEvent.click(await app.findByRole('button', { name: 'Open Anna' }));
    const drawer = await app.findByRole('dialog');
    const phone = within(drawer).getByLabelText('Phone number') as HTMLInputElement;
    await waitFor(() => expect(phone.value).toBe('01512 3456789'));
    // What it lacks shows "—", as in the table.
    expect(within(drawer).getByLabelText('Email')).toHaveAttribute('placeholder', '—');
    expect(within(drawer).getByLabelText('Birth date')).toHaveAttribute('placeholder', '—');

    // Emptying the number it has is refused; another number, typed as people type it, is saved without a birthday.
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save contact' }));
    expect(await within(drawer).findByText('Phone number is required')).toBeInTheDocument();
    fireEvent.change(phone, { target: { value: '0151 9876 5432' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(api.calls).toContain('PUT /contact/update-contact/1'));
    expect(api.bodies['PUT /contact/update-contact/1']).toEqual([
      expect.objectContaining({ firstName: 'Anna', lastName: '', email: '', phoneNumber: '0151 9876 5432', birthDate: '', businessId: BUSINESS.id }),
    ]);
    expect(within(drawer).queryByText('A date of birth is required.')).toBeNull();
    expect(within(drawer).queryByText('Last name is required')).toBeNull();
  });
});
