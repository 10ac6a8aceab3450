import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import type { Contact } from '#domain/contacts';
import { useFakeTimers } from '../support/fake-timers';
import { fixtureBusiness, signedInApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';
// Loaded ahead, so the lazily loaded screen renders on fake timers without waiting for real I/O.
import '../../src/components/layout/AppLayout';
import '../../src/pages/contacts/ContactsPage';
import { BUSINESS, contact } from '../support/records';
import { ScriptedWorker } from '../support/scripted-worker';
import { searchText } from '../../src/pages/contacts/contact-display';
import { forgetHeldLists } from '../../src/providers/list-deltas';

const timers = useFakeTimers();
const NO_CONTACTS = "You don't have any contacts assigned to your business yet. Please add or import new contacts.";



function renderContacts(contacts: Contact[]) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, contacts]);
  return { api, app: renderApp('/contacts') };
}

const rowTexts = () => [...document.querySelectorAll('.ant-table-row')].map((row) => row.textContent ?? '');

/** Texts of the toasts shown (jsdom runs no CSS transitions, so a closed toast stays in its leave motion). */
const shownToasts = () =>
  [...document.querySelectorAll('.ant-notification-notice')].filter((notice) => !notice.closest('[class*="-leave"]')).map((notice) => notice.textContent);

/** Picks a file in the import button's file input. */
const chooseFile = (file: File) => fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });

describe('contacts screen', () => {
  it('shows the empty-state text when the business has no contacts, with the buttons it talks about', async () => {
    const { app } = renderContacts([]);
    expect(
      await app.findByText("You don't have any contacts assigned to your business yet. Please add or import new contacts."),
    ).toBeInTheDocument();
    expect(app.getByRole('button', { name: /Import a file/ })).toBeInTheDocument();
    fireEvent.click(app.getByRole('button', { name: /Add a contact/ }));
    expect(await app.findByRole('dialog', { name: 'Create new contact' })).toBeInTheDocument();
  });

  it('shows the first page while the worker reads the rest, then the whole list', async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    try {
      const { app } = renderContacts([]);
      await waitFor(() => expect(ScriptedWorker.started).toHaveLength(1));
      const worker = ScriptedWorker.started[0]!;
      const page = (...contacts: Contact[]) => ({ kind: 'page' as const, rows: contacts, texts: contacts.map(searchText) });
      act(() => worker.answer(page(contact(1, 'Anna'), contact(2, 'Ben'))));
      expect(await app.findByText('Anna')).toBeInTheDocument();
      expect(app.getByTestId('selection-count')).toHaveTextContent('First 2 contacts shown; loading the rest…');
      act(() => worker.answer({ kind: 'page', rows: [contact(3, 'Cleo')], texts: ['cleo, as the worker indexed her'] }));
      expect(app.queryByText('Cleo')).not.toBeInTheDocument();
      act(() => worker.answer({ kind: 'end', revision: '9', etag: null }));
      expect(await app.findByText('Cleo')).toBeInTheDocument();
      expect(app.getByTestId('selection-count')).toHaveTextContent('3 of 3 contacts');
      // The search matches the texts the worker built.
      fireEvent.change(app.getByPlaceholderText('Search contacts'), { target: { value: 'as the worker indexed' } });
      await waitFor(() => expect(rowTexts()).toEqual([expect.stringContaining('Cleo')]));
    } finally {
      ScriptedWorker.started = [];
      vi.unstubAllGlobals();
      forgetHeldLists(); // The next test's list is another whole read.
    }
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

  it("shows the last visit by the business's clock, naming its zone in the column title when the browser is elsewhere", async () => {
    const { api, app } = renderContacts([contact(1, 'Anna', { lastVisited: '2026-11-25T11:54:00.000Z' })]);
    // The browser runs in UTC here; the business is in Berlin.
    api.on('GET /business/get-current-users-businesses', [200, [{ ...fixtureBusiness(BUSINESS), timeZone: 'Europe/Berlin' }]]);
    expect(await app.findByText('25.11.2026, 12:54h')).toBeInTheDocument();
    expect(app.getAllByText('Last visited (Berlin time)').length).toBeGreaterThan(0);
  });

  it('shows "—" for what a contact lacks, and numbers nationally in the business’s country, else internationally', async () => {
    const { app } = renderContacts([
      contact(1, 'Anna', { lastName: '', email: null, birthDate: null, phoneNumber: '4915123456789' }),
      contact(2, 'Ben', { phoneNumber: null }),
      contact(3, 'Cleo', { phoneNumber: '447911123456' }),
    ]);
    await app.findByText('Anna');
    const [anna, ben, cleo] = rowTexts();
    expect(anna).toContain('Anna——01512 3456789');
    expect(anna).toContain('Female—Active');
    expect(ben).toContain('ben2@example.com—');
    expect(cleo).toContain('+44 7911 123456');
  });

  it('finds a number however it is typed: nationally, with +49, or in parts', async () => {
    const { app } = renderContacts([contact(1, 'Anna', { phoneNumber: '4915123456789' }), contact(2, 'Ben', { phoneNumber: '4930123456' })]);
    await app.findByText('Ben');
    for (const typed of ['0151', '+49 151', '151 2345', '(0151) 23', '4915123']) {
      fireEvent.change(app.getByPlaceholderText('Search contacts'), { target: { value: typed } });
      await waitFor(() => expect(rowTexts().map((row) => row.slice(0, 12))).toEqual([expect.stringContaining('Anna')]));
    }
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

    fireEvent.keyDown(app.getByTestId('contacts-grid'), { key: 'Escape' });
    expect(app.getByTestId('selection-count')).toHaveTextContent('2 of 3 contacts');

    fireEvent.change(app.getByPlaceholderText('Search contacts'), { target: { value: '4930' } });
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    fireEvent.keyDown(app.getByTestId('contacts-grid'), { key: 'a', ctrlKey: true });
    expect(app.getByTestId('selection-count')).toHaveTextContent('1 selected');
  });

  it('deletes after the confirmation with the exact texts, then refetches, clears and toasts', async () => {
    const { app, api } = renderContacts([contact(1, 'Anna'), contact(2, 'Ben')]);
    api.on('DELETE /contact/delete-contacts', [200, { deleted: 2 }]);
    await app.findByText('Anna');
    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]')!);
    fireEvent.keyDown(app.getByTestId('contacts-grid'), { key: 'Delete' });
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('Delete selected contacts')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete 2 contacts. This action cannot be undone and all associated data will be permanently removed.',
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
    expect(dialog).toHaveTextContent('Are you sure you want to check in 1 contact.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Check-In' }));
    expect(await app.findByText('Contacts Checked In')).toBeInTheDocument();
    expect(api.bodies['PATCH /contact/check-in-contacts']).toEqual([{ contactIds: [2] }]);
    await waitFor(() => expect(app.getByTestId('selection-count')).toHaveTextContent('2 of 2 contacts'));
  });

  it("opens 'Create new contact' again after a cancel, with what was typed gone", async () => {
    const { app } = renderContacts([]);
    // The dialog is not built until it is first wanted (it would slow the list's first rows).
    expect(app.queryByLabelText('First name')).not.toBeInTheDocument();
    fireEvent.click(await app.findByRole('button', { name: /Add new contact/ }));
    const first = await app.findByRole('dialog', { name: 'Create new contact' });
    fireEvent.change(within(first).getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    // jsdom runs no animation: the closing dialog stays in its leaving state.
    await waitFor(() => expect(first).toHaveClass('ant-zoom-leave'));
    fireEvent.click(app.getByRole('button', { name: /Add new contact/ }));
    const again = await app.findByRole('dialog', { name: 'Create new contact' });
    expect(within(again).getByLabelText('First name')).toHaveValue('');
  });

  it("validates the 'Create new contact' form with the spec messages", async () => {
    const { app, api } = renderContacts([]);
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
    type('First name', 'A'.repeat(51));
    expect(await within(dialog).findByText('First name must not exceed 50 characters')).toBeInTheDocument();
    type('Phone number', '12ab');
    expect(await within(dialog).findByText('Phone number must be in correct format.')).toBeInTheDocument();
    // A number of the business's country (Germany): what is expected, with an example of one.
    type('Phone number', '12345');
    expect(
      await within(dialog).findByText('Phone number is not a valid number in Germany, nor with a country code (such as 01512 3456789 or +49 1512 3456789).'),
    ).toBeInTheDocument();
    for (const typed of ['+49 151 2345 6789', '030 12345678', '(0151) 2345-6789']) {
      type('Phone number', typed);
      await waitFor(() => expect(within(dialog).queryByText(/^Phone number (is|must)/)).not.toBeInTheDocument());
    }
    expect(api.calls).not.toContain('POST /contact/create-new-contact');
  });

  it('creates the contact from a valid form, shows the spec toast and reloads the list', async () => {
    const { app, api } = renderContacts([]);
    const created = contact(10, 'Zoe', { lastName: 'Adams', email: 'zoe@example.com', phoneNumber: '4917612345678', tags: 'vip' });
    api.on('POST /contact/create-new-contact', () => {
      api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, [created]]);
      return [201, created];
    });
    fireEvent.click(await app.findByRole('button', { name: /Add new contact/ }));
    const dialog = await app.findByRole('dialog');
    const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('First name', 'Zoe');
    type('Last name', 'Adams');
    type('Email', 'zoe@example.com');
    type('Phone number', '4917612345678');
    fireEvent.click(within(dialog).getByPlaceholderText('Pick a date'));
    fireEvent.click((await app.findAllByText('15')).find((cell) => cell.closest('.ant-picker-cell-in-view'))!);
    fireEvent.mouseDown(within(dialog).getByLabelText('Gender').closest('.ant-select')!.querySelector('.ant-select-selector')!);
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((option) => option.textContent === 'Female')!));
    fireEvent.change(within(dialog).getByLabelText('Tags'), { target: { value: 'vip' } });
    fireEvent.keyDown(within(dialog).getByLabelText('Tags'), { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));

    expect(await app.findByText('Contact Created')).toBeInTheDocument();
    expect(app.getByText('The new contact has been successfully created.')).toBeInTheDocument();
    const [body] = api.bodies['POST /contact/create-new-contact'] as Array<Record<string, unknown>>;
    expect(body).toEqual({
      firstName: 'Zoe',
      lastName: 'Adams',
      email: 'zoe@example.com',
      phoneNumber: '4917612345678',
      birthDate: expect.stringMatching(/^\d{4}-\d{2}-15$/),
      gender: 'FEMALE',
      tags: 'vip',
      businessId: BUSINESS.id,
    });
    expect(await app.findByText('Zoe')).toBeInTheDocument();
  });

  it("imports a file: sends its content, then shows 'Import Successful' with its description and reloads", async () => {
    const { app, api } = renderContacts([]);
    api.on('POST /contact/import-contacts', () => {
      api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, [contact(1, 'Anna')]]);
      return [200, { created: 1, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 }];
    });
    await app.findByText(NO_CONTACTS);
    const csv = 'First name,Last name,Email\nAnna,Last1,anna1@example.com';
    chooseFile(new File([csv], 'guests.csv', { type: 'text/csv' }));
    expect(await app.findByText('Import Successful')).toBeInTheDocument();
    expect(app.getByText('All contacts were imported successfully.')).toBeInTheDocument();
    expect(api.bodies['POST /contact/import-contacts']).toEqual([{ businessId: BUSINESS.id, file: Buffer.from(csv).toString('base64') }]);
    expect(await app.findByText('Anna')).toBeInTheDocument();
  });

  it('shows the rejected rows of an import and downloads them as CSV', async () => {
    const { app, api } = renderContacts([]);
    api.on('POST /contact/import-contacts', [
      200,
      {
        created: 1,
        updated: 0,
        rejected: [
          { row: 3, reasons: ['Invalid email address'] },
          { row: 5, reasons: ['Phone number must be in correct format.', 'Gender must be one of: Male, Female, Not specified'] },
        ],
        rejectedCount: 2,
        warned: [],
        warnedCount: 0,
      },
    ]);
    await app.findByText(NO_CONTACTS);
    chooseFile(new File(['anything'], 'guests.xlsx'));
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('1 created, 0 updated, 2 rejected')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument();

    const blobs: Blob[] = [];
    const downloads: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:rejected-rows');
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    try {
      fireEvent.click(within(dialog).getByRole('button', { name: /Download rejected rows \(CSV\)/ }));
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      click.mockRestore();
    }
    expect(downloads).toEqual(['guests-rejected-rows.csv blob:rejected-rows']);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    // A byte-order mark first, so that Excel reads the file as UTF-8.
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blobs[0]!.text()).toBe(
      'Row,Reasons\r\n3,Invalid email address\r\n5,"Phone number must be in correct format.; Gender must be one of: Male, Female, Not specified"',
    );
  });

  it('shows the shared error toast, in words, when a delete fails, and keeps the selection', async () => {
    const { app, api } = renderContacts([contact(1, 'Anna')]);
    api.on('DELETE /contact/delete-contacts', [500, { message: 'Something went wrong on our side. Please try again.' }]);
    await app.findByText('Anna');
    fireEvent.click(app.getByText('Anna').closest('.ant-table-row')!.querySelector('input[type="checkbox"]')!);
    fireEvent.click(app.getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await app.findByRole('dialog')).getByRole('button', { name: 'Confirm Delete' }));
    await waitFor(() => expect(shownToasts()).toEqual(['Could not delete the contactSomething went wrong on our side. Please try again.']));
    expect(app.getByTestId('selection-count')).toHaveTextContent('1 selected');
    expect(app.getByText('Anna')).toBeInTheDocument();
  });

  it('shows one toast at a time, each for 5 seconds', async () => {
    timers.start();
    const { app, api } = renderContacts([contact(1, 'Anna'), contact(2, 'Ben')]);
    api.on('PATCH /contact/check-in-contacts', [200, { checkedIn: 1 }]);
    api.on('DELETE /contact/delete-contacts', [200, { deleted: 1 }]);
    await app.findByText('Anna');
    const confirm = async (button: RegExp, confirmation: string, name: string) => {
      fireEvent.click(app.getByText(name).closest('.ant-table-row')!.querySelector('input[type="checkbox"]')!);
      fireEvent.click(app.getByRole('button', { name: button }));
      // The previous dialog may still be in its closing motion: take the button by its own name.
      fireEvent.click(await app.findByRole('button', { name: confirmation }));
    };

    await confirm(/Check in/, 'Confirm Check-In', 'Ben');
    await waitFor(() => expect(shownToasts()).toEqual(['Contacts Checked InThe selected contacts have been successfully checked in.']));
    await timers.advance(3000);
    await confirm(/Delete/, 'Confirm Delete', 'Anna');
    await waitFor(() => expect(shownToasts()).toEqual(['Contacts DeletedThe selected contacts have been successfully deleted.']));
    // Seen within 50 ms of opening (the waits move time in 50 ms steps): shown until 5 s after.
    await timers.advance(4900);
    expect(shownToasts()).toHaveLength(1);
    await timers.advance(100);
    expect(shownToasts()).toEqual([]);
  });

  it('shows the contacts of the business selected since, never those of the one before', async () => {
    const other = { id: 6, name: 'Flower Shop' };
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
    const api = signedInApi([BUSINESS, other]);
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, [contact(1, 'Anna')]]);
    let answerOther = () => {};
    api.on(`GET /contact/get-contacts/${other.id}`, () => new Promise((resolve) => (answerOther = () => resolve([200, [contact(2, 'Ben', { businessId: other.id })]]))));
    const app = renderApp('/contacts');
    await app.findByText('Anna');
    const sidebar = app.getByTestId('sidebar');
    fireEvent.click(within(sidebar).getByText('Dashboard'));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));

    // Another tab selects the other business; then back to the contacts.
    act(() => {
      localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(other));
      window.dispatchEvent(new StorageEvent('storage', { key: SELECTED_BUSINESS_STORAGE_KEY }));
    });
    fireEvent.click(within(sidebar).getByText('Contacts'));
    expect(await app.findByTestId('contacts-loading')).toBeInTheDocument();
    expect(app.queryByText('Anna')).not.toBeInTheDocument();
    answerOther();
    expect(await app.findByText('Ben')).toBeInTheDocument();
    expect(app.queryByText('Anna')).not.toBeInTheDocument();
  });

  it('imports a file and lists the rejected rows, then shows the contacts it created', async () => {
    const { app, api } = renderContacts([]);
    api.on('POST /contact/import-contacts', [200, { created: 1, updated: 0, rejected: [{ row: 3, reasons: ['Email is required'] }], rejectedCount: 1, warned: [], warnedCount: 0 }]);
    await app.findByText("You don't have any contacts assigned to your business yet. Please add or import new contacts.");
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, [contact(1, 'Anna')]]);
    const csv = 'First name,Last name\nAnna,Last1\nBen,';
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [new File([csv], 'regulars.csv', { type: 'text/csv' })] } });
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('Import finished with rejected rows')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1 created, 0 updated, 1 rejected');
    expect(dialog).toHaveTextContent('Email is required');
    expect(api.bodies['POST /contact/import-contacts']).toEqual([{ businessId: BUSINESS.id, file: btoa(csv) }]);
    expect(await app.findByText('Anna')).toBeInTheDocument();
  });

  it('says an import that failed imported nothing, in words', async () => {
    const { app, api } = renderContacts([]);
    api.on('POST /contact/import-contacts', [400, { message: 'The file has no header row.' }]);
    await app.findByText("You don't have any contacts assigned to your business yet. Please add or import new contacts.");
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'empty.csv', { type: 'text/csv' })] } });
    expect(await app.findByText('Import failed')).toBeInTheDocument();
    expect(app.getByText('The file has no header row. Nothing was imported.')).toBeInTheDocument();
  });
});
