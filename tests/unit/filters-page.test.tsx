import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import type { ContactFilter, ContactFilterCount, FilterCondition } from '#domain/filters';
import { clickSelectOption } from '../support/antd-select';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS } from '../support/records';
import { renderApp } from '../support/render-app';

const LIST = `GET /contact-filter/get-contact-filters/${BUSINESS.id}`;
const COUNTS = `GET /contact-filter/get-contact-filter-counts/${BUSINESS.id}`;
const COUNT = 'POST /contact-filter/count-matching-contacts';

const vip: FilterCondition = { attribute: 'tags', operator: 'CONTAINS', value: 'vip' };
const filter = (id: number, name: string, items: FilterCondition[] = [vip]): ContactFilter => ({ id, name, businessId: BUSINESS.id, items });

/** The Filters screen over the given filters and counts; saving and deleting change what the list answers next. */
function renderFilters(initial: ContactFilter[], counts: ContactFilterCount[]) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  let filters = [...initial];
  const api = signedInApi([BUSINESS]);
  api.on(LIST, () => [200, filters]);
  api.on(COUNTS, () => [200, counts.filter((count) => filters.some((candidate) => candidate.id === count.id))]);
  api.on(COUNT, (body) => {
    const items = (body as { contactFilterItems: FilterCondition[] }).contactFilterItems;
    return [200, { count: items.some((item) => item.attribute === 'gender') ? 4 : 12, sample: null }];
  });
  for (const { id } of initial) {
    api.on(`PUT /contact-filter/update-contact-filter/${id}`, (body) => {
      const { contactFilter, contactFilterItems } = body as { contactFilter: { name: string }; contactFilterItems: FilterCondition[] };
      const saved = filter(id, contactFilter.name, contactFilterItems);
      filters = filters.map((candidate) => (candidate.id === id ? saved : candidate));
      return [200, saved];
    });
    api.on(`DELETE /contact-filter/delete-contact-filter/${id}`, () => {
      const deleted = filters.find((candidate) => candidate.id === id);
      filters = filters.filter((candidate) => candidate.id !== id);
      return [200, deleted];
    });
  }
  return { api, app: renderApp('/filters') };
}

const rows = (app: ReturnType<typeof renderApp>) => [...app.getByTestId('filters-table').querySelectorAll('tbody tr.ant-table-row')] as HTMLElement[];

describe('the Filters screen', () => {
  it('lists each filter with its conditions in words, its contacts now and the campaigns using it', async () => {
    const { app } = renderFilters(
      [filter(1, 'Regulars', [vip, { attribute: 'birthDate', operator: 'LESS_THAN', value: '1990-01-31' }]), filter(2, 'Women', [{ attribute: 'gender', operator: 'EQUALS', value: 'FEMALE' }])],
      [{ id: 1, count: 1250, campaigns: 2 }, { id: 2, count: 1, campaigns: 0 }],
    );
    await app.findByText('Regulars');
    await waitFor(() => expect(rows(app)[0]).toHaveTextContent('1,250 contacts'));
    expect(rows(app)[0]).toHaveTextContent('Tags contains “vip” and Birth date before 31.01.1990');
    expect(rows(app)[0]).toHaveTextContent('2 campaigns');
    expect(rows(app)[1]).toHaveTextContent('Gender is Female');
    expect(rows(app)[1]).toHaveTextContent('1 contact');
    expect(rows(app)[1]).toHaveTextContent('No campaign');
  });

  it('says so when there is no filter, with the button to create one', async () => {
    const { app } = renderFilters([], []);
    expect(await app.findByText(/No filters yet/)).toBeInTheDocument();
    expect(app.getByRole('button', { name: /Create filter/ })).toBeInTheDocument();
  });

  it('edits a filter: the count follows the conditions, and the saved conditions are listed', async () => {
    const { api, app } = renderFilters([filter(1, 'Regulars')], [{ id: 1, count: 12, campaigns: 0 }]);
    fireEvent.click(await app.findByRole('button', { name: 'Edit filter Regulars' }));
    const dialog = await app.findByRole('dialog', { name: 'Edit filter Regulars' });
    expect(within(dialog).getByLabelText('Filter name')).toHaveValue('Regulars');
    expect(await within(dialog).findByText('Matches 12 contacts now.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: /Add condition/ }));
    await waitFor(() => expect(within(dialog).getAllByTestId('filter-condition')).toHaveLength(2));
    expect(await within(dialog).findByText('Complete the conditions to see how many contacts they match.')).toBeInTheDocument();
    const second = within(dialog).getAllByTestId('filter-condition')[1]!;
    await clickSelectOption(within(second).getByRole('combobox', { name: 'Attribute' }).closest('.ant-select')!, 'Gender');
    await clickSelectOption(within(second).getByRole('combobox', { name: 'Operator' }).closest('.ant-select')!, 'Is');
    await clickSelectOption(within(second).getByRole('combobox', { name: 'Value' }).closest('.ant-select')!, 'Female');
    expect(await within(dialog).findByText('Matches 4 contacts now.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Filter name'), { target: { value: 'Regular women' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save filter' }));
    await app.findByText('Regular women');
    expect(api.bodies['PUT /contact-filter/update-contact-filter/1']).toEqual([
      { contactFilter: { name: 'Regular women' }, contactFilterItems: [vip, { attribute: 'gender', operator: 'EQUALS', value: 'FEMALE' }] },
    ]);
    expect(rows(app)[0]).toHaveTextContent('Tags contains “vip” and Gender is Female');
  });

  it('deletes a filter no campaign uses after asking; one in use cannot be deleted and says why', async () => {
    const { api, app } = renderFilters([filter(1, 'Old list'), filter(2, 'Regulars')], [{ id: 1, count: 3, campaigns: 0 }, { id: 2, count: 5, campaigns: 1 }]);
    await waitFor(() => expect(rows(app)[1]).toHaveTextContent('1 campaign'));

    fireEvent.click(app.getByRole('button', { name: 'Delete filter Regulars' }));
    let dialog = await app.findByRole('dialog', { name: 'Delete filter' });
    expect(dialog).toHaveTextContent('1 campaign uses “Regulars”, so it cannot be deleted.');
    expect(within(dialog).getByRole('button', { name: 'Delete filter' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(app.getByRole('button', { name: 'Delete filter Old list' }));
    await waitFor(() => expect(app.getByRole('dialog', { name: 'Delete filter' })).toHaveTextContent('Delete the filter “Old list”?'));
    dialog = app.getByRole('dialog', { name: 'Delete filter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete filter' }));
    await waitFor(() => expect(app.queryByText('Old list')).toBeNull());
    expect(api.calls).toContain('DELETE /contact-filter/delete-contact-filter/1');
    expect(api.calls).not.toContain('DELETE /contact-filter/delete-contact-filter/2');
    expect(rows(app)).toHaveLength(1);
  });
});
