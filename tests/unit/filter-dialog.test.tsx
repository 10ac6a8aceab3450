import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../src/App';
import { RefineProviders } from '../../src/RefineShell';
import { FilterDialog } from '../../src/pages/filters/FilterDialog';
import { clickSelectOption } from '../support/antd-select';
import { signedInApi } from '../support/fixture-api';

function renderDialog() {
  const api = signedInApi([{ id: 5, name: 'Corner Bakery' }]);
  const onSaved = vi.fn();
  render(
    <MemoryRouter>
      <Providers>
        <RefineProviders>
          <FilterDialog open businessId={5} onClose={() => {}} onSaved={onSaved} />
        </RefineProviders>
      </Providers>
    </MemoryRouter>,
  );
  return { api, onSaved, dialog: () => screen.getByRole('dialog') };
}

const choose = (container: HTMLElement, label: string, option: string) =>
  clickSelectOption(within(container).getByRole('combobox', { name: label }).closest('.ant-select')!, option);

const conditions = () => screen.getAllByTestId('filter-condition');

/** Fills in the filter "VIP" of one condition (tags contain "vip") and submits it. */
async function submitVipFilter(dialog: () => HTMLElement) {
  fireEvent.change(within(dialog()).getByLabelText('Filter name'), { target: { value: 'VIP' } });
  const first = conditions()[0]!;
  await choose(first, 'Attribute', 'Tags');
  await choose(first, 'Operator', 'Contains');
  fireEvent.change(within(first).getByPlaceholderText('Value'), { target: { value: 'vip' } });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Create filter' }));
}

describe('filter dialog', () => {
  it('shows the spec messages for an empty filter', async () => {
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create filter' }));
    for (const message of ['Filter name is required', 'Attribute is required', 'Operator is required', 'Value is required']) {
      expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    }
  });

  it('keeps the last condition, adds up to 10, and offers the operators of the attribute type', async () => {
    const { dialog } = renderDialog();
    const remove = () => within(dialog()).getAllByRole('button', { name: 'Remove condition' });
    expect(remove()[0]).toBeDisabled();
    const add = within(dialog()).getByRole('button', { name: /Add condition/ });
    for (let count = 1; count < 10; count++) fireEvent.click(add);
    await waitFor(() => expect(conditions()).toHaveLength(10));
    expect(within(dialog()).getByRole('button', { name: /Add condition/ })).toBeDisabled();
    fireEvent.click(remove()[9]!);
    await waitFor(() => expect(conditions()).toHaveLength(9));

    const first = conditions()[0]!;
    await choose(first, 'Attribute', 'Birth date');
    await choose(first, 'Operator', 'On or before');
    // A date attribute gets a date picker; changing the attribute clears operator and value.
    expect(first.querySelector('.ant-picker')).not.toBeNull();
    await choose(first, 'Attribute', 'Gender');
    await waitFor(() => expect(within(first).queryByText('On or before')).not.toBeInTheDocument());
    await choose(first, 'Operator', 'Is not');
    await choose(first, 'Value', 'Not specified');
  });

  it('creates the filter with the spec payload and reports it', async () => {
    const { api, onSaved, dialog } = renderDialog();
    api.on('POST /contact-filter/create-contact-filter-with-items', (body) => [201, { id: 9, name: 'VIP', businessId: 5, items: (body as { contactFilterItems: unknown[] }).contactFilterItems }]);
    await submitVipFilter(dialog);
    expect(await screen.findByText('Contact Filter Created')).toBeInTheDocument();
    expect(api.bodies['POST /contact-filter/create-contact-filter-with-items']).toEqual([
      { contactFilter: { name: 'VIP', businessId: 5 }, contactFilterItems: [{ attribute: 'tags', operator: 'CONTAINS', value: 'vip' }] },
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9, name: 'VIP' })));
  });

  it('shows a name the business already uses under the name field', async () => {
    const { api, dialog } = renderDialog();
    api.on('POST /contact-filter/create-contact-filter-with-items', [409, { message: 'A filter with this name already exists.' }]);
    await submitVipFilter(dialog);
    const nameItem = within(dialog()).getByLabelText('Filter name').closest('.ant-form-item')! as HTMLElement;
    expect(await within(nameItem).findByText('A filter with this name already exists.')).toBeInTheDocument();
  });
});
