import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '../../src/domain';
import type { Contact } from '../../src/domain/contacts';
import { signedInApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';

const BUSINESS = { id: 5, name: 'Corner Bakery' };

function contact(id: number, firstName: string, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    firstName,
    lastName: `Last${id}`,
    email: `${firstName.toLowerCase()}${id}@example.com`,
    phoneNumber: `49151000000${id}`,
    birthDate: '1990-04-12',
    gender: 'FEMALE',
    status: 'ACTIVE',
    tags: '',
    lastVisited: null,
    businessId: BUSINESS.id,
    ...overrides,
  };
}

function renderContacts(contacts: Contact[]) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, contacts]);
  return { api, app: renderApp('/contacts') };
}

const rowTexts = () => [...document.querySelectorAll('.ant-table-row')].map((row) => row.textContent ?? '');

describe('contacts screen', () => {
  it('shows the empty-state text when the business has no contacts', async () => {
    const { app } = renderContacts([]);
    expect(
      await app.findByText("You don't have any contacts assigned to your business yet. Please add or import new contacts."),
    ).toBeInTheDocument();
  });

  it('shows the columns with the display rules', async () => {
    const { app } = renderContacts([
      contact(1, 'Anna', { gender: 'NOT_SPECIFIED', status: 'UNSUBSCRIBED', birthDate: '1988-01-31' }),
    ]);
    await app.findByText('Anna');
    for (const title of ['First name', 'Last Name', 'Email', 'Phone number', 'Gender', 'Birth date', 'Status', 'Last visited']) {
      expect(app.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(app.getByText('Not specified')).toBeInTheDocument();
    expect(app.getByText('31.01.1988')).toBeInTheDocument();
    expect(app.getByText('Unsubscribed')).toHaveClass('ant-tag-red');
  });

  it('keeps Check in and Delete disabled until a row is selected', async () => {
    const { app } = renderContacts([contact(1, 'Anna'), contact(2, 'Ben')]);
    await app.findByText('Anna');
    const checkIn = app.getByRole('button', { name: /Check in/ });
    const remove = app.getByRole('button', { name: /Delete/ });
    expect(checkIn).toBeDisabled();
    expect(remove).toBeDisabled();
    fireEvent.click(app.getByText('Anna').closest('.ant-table-row')!.querySelector('input[type="checkbox"]')!);
    expect(checkIn).toBeEnabled();
    expect(remove).toBeEnabled();
    expect(app.getByTestId('selection-count')).toHaveTextContent('1 selected');
  });

  it('searches across columns, and select-all and Ctrl+A select only the rows shown', async () => {
    const { app } = renderContacts([contact(1, 'Anna'), contact(2, 'Annabel'), contact(3, 'Ben', { phoneNumber: '4930999' })]);
    await app.findByText('Ben');
    fireEvent.change(app.getByPlaceholderText('Search contacts'), { target: { value: 'anna' } });
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]')!);
    expect(app.getByTestId('selection-count')).toHaveTextContent('2 selected');

    fireEvent.keyDown(app.getByTestId('contacts-table-region'), { key: 'Escape' });
    expect(app.getByTestId('selection-count')).toHaveTextContent('2 of 3 contacts');

    fireEvent.change(app.getByPlaceholderText('Search contacts'), { target: { value: '4930' } });
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    fireEvent.keyDown(app.getByTestId('contacts-table-region'), { key: 'a', ctrlKey: true });
    expect(app.getByTestId('selection-count')).toHaveTextContent('1 selected');
  });

  it('deletes after the confirmation with the exact texts, then refetches, clears and toasts', async () => {
    const { app, api } = renderContacts([contact(1, 'Anna'), contact(2, 'Ben')]);
    api.on('DELETE /contact/delete-contacts', [200, { deleted: 2 }]);
    await app.findByText('Anna');
    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]')!);
    fireEvent.keyDown(app.getByTestId('contacts-table-region'), { key: 'Delete' });
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('Delete selected contacts')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete 2 contact(s). This action cannot be undone and all associated data will be permanently removed.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, []]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Delete' }));
    expect(await app.findByText('Contacts Deleted')).toBeInTheDocument();
    expect(app.getByText('The selected contacts have been successfully deleted.')).toBeInTheDocument();
    expect(api.bodies['DELETE /contact/delete-contacts']).toEqual([{ contactIds: [1, 2] }]);
    expect(await app.findByText("You don't have any contacts assigned to your business yet. Please add or import new contacts.")).toBeInTheDocument();
  });

  it('checks in after the confirmation with the exact texts', async () => {
    const { app, api } = renderContacts([contact(1, 'Anna'), contact(2, 'Ben')]);
    api.on('PATCH /contact/check-in-contacts', [200, { checkedIn: 1 }]);
    await app.findByText('Anna');
    fireEvent.click(app.getByText('Ben').closest('.ant-table-row')!.querySelector('input[type="checkbox"]')!);
    fireEvent.click(app.getByRole('button', { name: /Check in/ }));
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('Check in selected contacts')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Are you sure you want to check in 1 contact(s).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Check-In' }));
    expect(await app.findByText('Contacts Checked In')).toBeInTheDocument();
    expect(api.bodies['PATCH /contact/check-in-contacts']).toEqual([{ contactIds: [2] }]);
    await waitFor(() => expect(app.getByTestId('selection-count')).toHaveTextContent('2 of 2 contacts'));
  });

  it("validates the 'Create new contact' form with the spec messages and creates the contact", async () => {
    const { app, api } = renderContacts([]);
    api.on('POST /contact/create-new-contact', (body) => [201, { id: 10, ...(body as object) }]);
    fireEvent.click(await app.findByRole('button', { name: /Add new contact/ }));
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('Create new contact')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'A date of birth is required.',
      'Gender is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('First name', 'A'.repeat(16));
    expect(await within(dialog).findByText('First name must not exceed 15 characters')).toBeInTheDocument();
    type('Phone number', '12ab');
    expect(await within(dialog).findByText('Phone number must be in correct format.')).toBeInTheDocument();
  });
});
