import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import type { Contact } from '#domain/contacts';
import { signedInApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';
// Loaded ahead, so the lazily loaded screen renders without waiting for real I/O.
import '../../src/components/layout/AppLayout';
import '../../src/pages/contacts/ContactsPage';
import { BUSINESS, contact } from '../support/records';

const PEOPLE = ['Anna', 'Ben', 'Cleo', 'Dora', 'Emil'];

function renderContacts(contacts: Contact[] = PEOPLE.map((name, i) => contact(i + 1, name))) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, contacts]);
  return { api, app: renderApp('/contacts') };
}

/** The grid, focused as Tab would focus it. */
async function focusedGrid(app: ReturnType<typeof renderApp>) {
  await app.findByText('Anna');
  const grid = app.getByTestId('contacts-grid');
  grid.focus();
  return grid;
}

const press = (grid: HTMLElement, key: string, modifiers: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {}) =>
  fireEvent.keyDown(grid, { key, ...modifiers });

/** The first name on the cursor row, read through the grid's aria-activedescendant as a screen reader does. */
const cursorName = (grid: HTMLElement) => {
  const row = document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
  expect(row).toHaveClass('contacts-row-cursor');
  return PEOPLE.find((name) => row?.textContent?.startsWith(name));
};
const selectedNames = () =>
  [...document.querySelectorAll('[role="row"][aria-selected="true"]')].map((row) => PEOPLE.find((name) => row.textContent?.startsWith(name)));
const count = (app: ReturnType<typeof renderApp>) => app.getByTestId('selection-count').textContent;

describe('contacts grid by keyboard', () => {
  it('is one Tab stop with grid semantics: rows are reached by the cursor, not by Tab', async () => {
    const { app } = renderContacts();
    const grid = await focusedGrid(app);
    expect(grid).toHaveAttribute('role', 'grid');
    expect(grid).toHaveAttribute('tabindex', '0');
    expect(grid).toHaveAttribute('aria-rowcount', '6');
    expect(grid).toHaveAttribute('aria-multiselectable', 'true');
    const rows = [...grid.querySelectorAll('.ant-table-row')];
    expect(rows.map((row) => [row.getAttribute('role'), row.getAttribute('aria-rowindex')])).toEqual(PEOPLE.map((_, i) => ['row', String(i + 2)]));
    // Nothing inside the body is a Tab stop of its own: checkboxes and Open buttons are for the mouse.
    const tabbable = [...grid.querySelectorAll('.ant-table-row input, .ant-table-row button')].filter((element) => (element as HTMLElement).tabIndex >= 0);
    expect(tabbable).toEqual([]);
    expect(cursorName(grid)).toBe('Anna');
  });

  it('moves the cursor with the arrows, Home, End and the page keys', async () => {
    const { app } = renderContacts();
    const grid = await focusedGrid(app);
    press(grid, 'ArrowDown');
    press(grid, 'ArrowDown');
    expect(cursorName(grid)).toBe('Cleo');
    press(grid, 'ArrowUp');
    expect(cursorName(grid)).toBe('Ben');
    press(grid, 'End');
    expect(cursorName(grid)).toBe('Emil');
    press(grid, 'ArrowDown');
    expect(cursorName(grid)).toBe('Emil');
    press(grid, 'Home');
    expect(cursorName(grid)).toBe('Anna');
    press(grid, 'ArrowUp');
    expect(cursorName(grid)).toBe('Anna');
    // A page is more than five rows here: PageDown stops at the last row, PageUp at the first.
    press(grid, 'PageDown');
    expect(cursorName(grid)).toBe('Emil');
    press(grid, 'PageUp');
    expect(cursorName(grid)).toBe('Anna');
    expect(count(app)).toBe('5 of 5 contacts');
  });

  it('toggles with Space, extends a range with Shift from the anchor, selects all with Ctrl+A or Cmd+A, clears with Escape', async () => {
    const { app } = renderContacts();
    const grid = await focusedGrid(app);
    press(grid, 'ArrowDown');
    press(grid, ' ');
    expect(count(app)).toBe('1 selected');
    expect(selectedNames()).toEqual(['Ben']);
    press(grid, 'ArrowDown', { shiftKey: true });
    press(grid, 'ArrowDown', { shiftKey: true });
    expect(selectedNames()).toEqual(['Ben', 'Cleo', 'Dora']);
    // Back up past the anchor: the range now runs upwards from Ben.
    press(grid, 'ArrowUp', { shiftKey: true });
    press(grid, 'ArrowUp', { shiftKey: true });
    press(grid, 'ArrowUp', { shiftKey: true });
    expect(selectedNames()).toEqual(['Anna', 'Ben']);
    press(grid, 'End', { shiftKey: true });
    expect(count(app)).toBe('4 selected');
    // Space on the cursor row (Emil) takes it out; a plain move then starts a new range on top of the selection.
    press(grid, ' ');
    expect(selectedNames()).toEqual(['Ben', 'Cleo', 'Dora']);
    press(grid, 'Home');
    press(grid, 'ArrowDown', { shiftKey: true });
    expect(selectedNames()).toEqual(['Anna', 'Ben', 'Cleo', 'Dora']);
    press(grid, 'Escape');
    expect(count(app)).toBe('5 of 5 contacts');
    press(grid, 'a', { metaKey: true });
    expect(count(app)).toBe('5 selected');
    press(grid, 'Escape');
    press(grid, 'A', { ctrlKey: true });
    expect(count(app)).toBe('5 selected');
  });

  it('opens the cursor row’s contact with Enter, and asks to delete the selection with Delete', async () => {
    const { app } = renderContacts();
    const grid = await focusedGrid(app);
    press(grid, 'ArrowDown');
    press(grid, 'ArrowDown');
    press(grid, 'Enter');
    const drawer = await waitFor(() => document.querySelector<HTMLElement>('.ant-drawer-open')!);
    expect(within(drawer).getByText('Cleo Last3')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());

    press(grid, 'Delete');
    expect(app.queryByText('Delete selected contacts')).not.toBeInTheDocument();
    press(grid, ' ');
    press(grid, 'Delete');
    const dialog = await app.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete 1 contact.');
  });

  it('puts the cursor and focus on a clicked row, and Shift then extends from there', async () => {
    const { app } = renderContacts();
    await app.findByText('Anna');
    const grid = app.getByTestId('contacts-grid');
    fireEvent.click(app.getByText('Cleo').closest('.ant-table-row')!.querySelector('input[type="checkbox"]')!);
    expect(grid).toHaveFocus();
    expect(cursorName(grid)).toBe('Cleo');
    expect(selectedNames()).toEqual(['Cleo']);
    press(grid, 'ArrowDown', { shiftKey: true });
    expect(selectedNames()).toEqual(['Cleo', 'Dora']);
  });
});

describe('bulk tags', () => {
  const tagged = () => [contact(1, 'Anna', { tags: 'vip,regular' }), contact(2, 'Ben', { tags: 'newsletter' }), contact(3, 'Cleo', { tags: 'vip' })];

  it('adds a tag to the selection: offers the business’s tags, asks with the count in words, toasts and refetches', async () => {
    const { app, api } = renderContacts(tagged());
    api.on(`PUT /contact/add-tag/${BUSINESS.id}`, () => {
      api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, tagged().map((row) => ({ ...row, tags: `${row.tags},VIP Gold` }))]);
      return [200, { changed: 2, unchanged: 0, full: 0 }];
    });
    const grid = await focusedGrid(app);
    press(grid, ' ');
    press(grid, 'ArrowDown', { shiftKey: true });
    fireEvent.click(app.getByRole('button', { name: /Add tag/ }));
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('Add a tag to the selected contacts')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Tag');

    // Typing searches the tags the business uses.
    fireEvent.change(input, { target: { value: 'VI' } });
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent)).toEqual(['vip']));
    fireEvent.change(input, { target: { value: 'a,b' } });
    expect(await within(dialog).findByText('A tag must not contain a comma')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add tag' })).toBeDisabled();

    fireEvent.change(input, { target: { value: '  VIP Gold ' } });
    expect(within(dialog).getByTestId('tag-question')).toHaveTextContent('Add the tag “VIP Gold” to 2 contacts?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(await app.findByText('Tag Added')).toBeInTheDocument();
    expect(app.getByText('The tag “VIP Gold” was added to 2 contacts.')).toBeInTheDocument();
    expect(api.bodies[`PUT /contact/add-tag/${BUSINESS.id}`]).toEqual([{ contactIds: [1, 2], tag: 'VIP Gold' }]);
    // The list is read again and the selection stays, ready for another tag.
    await waitFor(() => expect(api.calls.filter((call) => call === `GET /contact/get-contacts/${BUSINESS.id}`).length).toBeGreaterThan(1));
    expect(count(app)).toBe('2 selected');
  });

  it('removes a tag, offering the selected contacts’ tags, and says "1 contact"', async () => {
    const { app, api } = renderContacts(tagged());
    api.on(`PUT /contact/remove-tag/${BUSINESS.id}`, [200, { changed: 1, unchanged: 0, full: 0 }]);
    const grid = await focusedGrid(app);
    press(grid, 'ArrowDown');
    press(grid, ' ');
    fireEvent.click(app.getByRole('button', { name: /Remove tag/ }));
    const dialog = await app.findByRole('dialog');
    const input = within(dialog).getByLabelText('Tag');
    fireEvent.change(input, { target: { value: 'e' } });
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent)).toEqual(['newsletter']));
    fireEvent.change(input, { target: { value: 'newsletter' } });
    expect(within(dialog).getByTestId('tag-question')).toHaveTextContent('Remove the tag “newsletter” from 1 contact?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    expect(await app.findByText('The tag “newsletter” was removed from 1 contact.')).toBeInTheDocument();
    expect(api.bodies[`PUT /contact/remove-tag/${BUSINESS.id}`]).toEqual([{ contactIds: [2], tag: 'newsletter' }]);
  });

  it('reports contacts skipped at 50 tags in the dialog', async () => {
    const { app, api } = renderContacts(tagged());
    api.on(`PUT /contact/add-tag/${BUSINESS.id}`, [200, { changed: 1, unchanged: 1, full: 1 }]);
    const grid = await focusedGrid(app);
    press(grid, 'a', { ctrlKey: true });
    fireEvent.click(app.getByRole('button', { name: /Add tag/ }));
    const dialog = await app.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Tag'), { target: { value: 'late' } });
    expect(within(dialog).getByTestId('tag-question')).toHaveTextContent('Add the tag “late” to 3 contacts?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(await within(dialog).findByTestId('tag-limit-note')).toHaveTextContent(
      '1 contact was not changed: it has 50 tags already, the most a contact can have.',
    );
    expect(
      app.getByText('The tag “late” was added to 1 contact. 1 contact had it already. 1 contact was not changed: it has 50 tags already, the most a contact can have.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeEnabled();
  });
});
