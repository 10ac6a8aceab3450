import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { signedInApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('add new business', () => {
  it('shows the spec messages, spelling included', async () => {
    signedInApi([]);
    const app = renderApp('/add-new-business');
    expect(await app.findByText('Create / Add new business')).toBeInTheDocument();
    fireEvent.click(app.getByRole('button', { name: /Create business/ }));
    for (const message of [
      'Business name is required',
      'Street name is required',
      'Street number is required',
      'Countrty is required',
      'City is required',
      'Postal code is required',
    ]) {
      expect(await app.findByText(message)).toBeInTheDocument();
    }
    // Postal codes follow the country: digits in Germany (the spec's message), letters in the United Kingdom.
    type(app.getByLabelText('Country'), 'Germany');
    type(app.getByLabelText('Postal code'), '10a15');
    expect(await app.findByText('Postal code must be an integer')).toBeInTheDocument();
    type(app.getByLabelText('Country'), 'United Kingdom');
    expect(await app.findByText('Postal code is not valid in United Kingdom')).toBeInTheDocument();
    type(app.getByLabelText('Postal code'), 'SW1A 1AA');
    await waitFor(() => expect(app.queryByText(/^Postal code (is not|must)/)).not.toBeInTheDocument());
    type(app.getByLabelText('Name'), 'x'.repeat(61));
    expect(await app.findByText('Business name must not exceed 60 characters')).toBeInTheDocument();
  });

  it('creates the business, selects it, shows the toast and goes to /dashboard', async () => {
    const api = signedInApi([]);
    api.on('POST /business/create-new-business', (body) => {
      api.on('GET /business/get-current-users-businesses', [200, [{ id: 9, name: 'Flower Shop' }]]);
      return [201, { id: 9, ...(body as object) }];
    });
    const app = renderApp('/add-new-business');
    const values: Record<string, string> = {
      Name: 'Flower Shop',
      'Street name': 'Rose Lane',
      'Street number': '4',
      Country: 'Germany',
      City: 'Hamburg',
      'Postal code': '20095',
    };
    for (const [label, value] of Object.entries(values)) type(await app.findByLabelText(label), value);
    fireEvent.click(app.getByRole('button', { name: /Create business/ }));
    expect(await app.findByText('Business Created!')).toBeInTheDocument();
    expect(app.getByText('A new business has been successfully created.')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(JSON.parse(localStorage.getItem(SELECTED_BUSINESS_STORAGE_KEY)!)).toEqual({ name: 'Flower Shop', id: 9 });
  });
});
