import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { apiKeyMessages, type ApiKey } from '#domain/api-keys';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS, senders } from '../support/records';
import { renderApp } from '../support/render-app';

const LIST = `GET /business/get-api-keys/${BUSINESS.id}`;
const CREATE = `POST /business/create-api-key/${BUSINESS.id}`;
const SECRET = `sb_live_${'Ab3_'.repeat(10)}xyz`;

const key = (id: number, name: string, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name,
  prefix: `sb_live_K${id}x9`,
  createdAt: '2026-03-02T09:15:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

/** The settings page with the given keys; creating and deleting change what the list answers next. */
function renderSettings(initial: ApiKey[]) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  let keys = [...initial];
  const api = signedInApi([BUSINESS]);
  api.on(`GET /campaign/get-sender/${BUSINESS.id}`, [200, senders()]);
  api.on(LIST, () => [200, keys]);
  api.on(CREATE, (body) => {
    const created = { id: 99, name: (body as { name: string }).name.trim(), secret: SECRET };
    keys = [key(99, created.name, { prefix: SECRET.slice(0, 12) }), ...keys];
    return [201, created];
  });
  for (const { id } of initial) {
    api.on(`DELETE /business/delete-api-key/${BUSINESS.id}/${id}`, () => {
      keys = keys.filter((candidate) => candidate.id !== id);
      return [204];
    });
  }
  return { api, app: renderApp('/business-settings') };
}

const card = async (app: ReturnType<typeof renderApp>) => (await app.findByText('API keys', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('business settings: API keys', () => {
  it('lists each key by name, the start of its secret, when it was created and last used', async () => {
    const { app } = renderSettings([key(2, 'Online shop', { lastUsedAt: '2026-03-05T17:40:00.000Z' }), key(1, 'Front desk till')]);
    const keys = await card(app);
    await within(keys).findByText('Online shop');
    const items = [...keys.querySelectorAll('.ant-table-row')].map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('sb_live_K2x9…');
    expect(items[0]).toMatch(/Created \d\d\.03\.2026, \d\d:\d\dh · Last used \d\d\.03\.2026, \d\d:\d\dh/);
    expect(items[1]).toContain('Front desk till');
    expect(items[1]).toContain('Never used');
    expect(within(keys).getByRole('button', { name: 'Delete API key Front desk till' })).toBeInTheDocument();
  });

  it('creates a key with a name and shows its secret once, with a copy button; the list then shows the key without it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { api, app } = renderSettings([]);
    const keys = await card(app);
    await within(keys).findByText(/No API keys yet/);
    fireEvent.click(within(keys).getByRole('button', { name: /Create API key/ }));
    const dialog = await app.findByRole('dialog');

    // A name is needed: nothing is sent without one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(apiKeyMessages.nameRequired)).toBeInTheDocument();
    expect(api.calls).not.toContain(CREATE);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Front desk till' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const secret = await within(dialog).findByLabelText('Your new API key');
    expect(api.bodies[CREATE]).toEqual([{ name: 'Front desk till' }]);
    expect(secret).toHaveValue(SECRET);
    expect(dialog).toHaveTextContent('You will not see it again');
    fireEvent.click(within(dialog).getByRole('button', { name: /Copy key/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(dialog).findByText('Copied.')).toBeInTheDocument();

    // The list behind the dialog has the new key, by its prefix only.
    await within(keys).findByText('Front desk till');
    expect(keys).toHaveTextContent(`${SECRET.slice(0, 12)}…`);
    expect(keys.textContent).not.toContain(SECRET);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  });

  it('says so when the browser will not copy, so the owner copies the key by hand', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    const { app } = renderSettings([]);
    const keys = await card(app);
    fireEvent.click(await within(keys).findByRole('button', { name: /Create API key/ }));
    const dialog = await app.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Script' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: /Copy key/ }));
    expect(await within(dialog).findByText('This browser did not let us copy: select the key above and copy it yourself.')).toBeInTheDocument();
  });

  it('deletes a key only after a confirmation that names it', async () => {
    const { api, app } = renderSettings([key(2, 'Online shop'), key(1, 'Front desk till')]);
    const keys = await card(app);
    const remove = `DELETE /business/delete-api-key/${BUSINESS.id}/1`;

    fireEvent.click(await within(keys).findByRole('button', { name: 'Delete API key Front desk till' }));
    let dialog = await app.findByRole('dialog');
    expect(dialog).toHaveTextContent('Calls with “Front desk till” are refused from now on');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    expect(api.calls).not.toContain(remove);

    fireEvent.click(within(keys).getByRole('button', { name: 'Delete API key Front desk till' }));
    dialog = (await app.findAllByRole('dialog')).at(-1)!;
    fireEvent.click(within(dialog).getByRole('button', { name: /Delete key/ }));
    await waitFor(() => expect(within(keys).queryByText('Front desk till')).not.toBeInTheDocument());
    expect(api.calls).toContain(remove);
    expect(keys).toHaveTextContent('Online shop');
    expect(await app.findByText(apiKeyMessages.deleted.message)).toBeInTheDocument();
  });

  it('says when there are no keys yet', async () => {
    const { app } = renderSettings([]);
    expect(await within(await card(app)).findByText('No API keys yet. Create one for each system that reports visits.')).toBeInTheDocument();
  });

  it('shows the keys loading, and a list that could not be loaded with a way to try again', async () => {
    const { api, app } = renderSettings([]);
    let answer: (reply: [number, unknown]) => void = () => {};
    api.on(LIST, () => new Promise((resolve) => (answer = resolve)));
    const keys = await card(app);
    expect(await within(keys).findByText('Loading API keys')).toBeInTheDocument();
    answer([500, { message: 'Something went wrong on our side.' }]);
    expect(await within(keys).findByText('The API keys could not be loaded.')).toBeInTheDocument();
    api.on(LIST, [200, [key(1, 'Front desk till')]]);
    fireEvent.click(within(keys).getByRole('button', { name: 'Try again' }));
    expect(await within(keys).findByText('Front desk till')).toBeInTheDocument();
  });
});
