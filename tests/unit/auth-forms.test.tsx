import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOutApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('login form', () => {
  it('validates on submit with the spec messages, then revalidates on change', async () => {
    signedOutApi();
    const app = renderApp('/login');
    const email = await app.findByLabelText('Email');
    // Nothing is validated before the first submit.
    type(email, 'not-an-email');
    expect(app.queryByText('Invalid email address')).not.toBeInTheDocument();

    fireEvent.click(app.getByRole('button', { name: 'Login' }));
    expect(await app.findByText('Invalid email address')).toBeInTheDocument();
    expect(app.getByText('Password is required')).toBeInTheDocument();

    const password = app.getByLabelText('Password');
    const expectations: Array<[string, string]> = [
      ['short1!', 'Password must be at least 8 characters long'],
      ['A'.repeat(33) + 'a1!', 'Password must not exceed 32 characters'],
      ['lowercase1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
      ['NoDigits!!', 'Password must contain at least one number'],
      ['NoSpecial12', 'Password must contain at least one special character'],
    ];
    for (const [value, message] of expectations) {
      type(password, value);
      expect(await app.findByText(message)).toBeInTheDocument();
    }
    type(email, '');
    expect(await app.findByText('Email is required')).toBeInTheDocument();
  });

  it('signs in and shows the success toast', async () => {
    const api = signedOutApi();
    api.on('POST /auth/sign-in', () => {
      api.on('POST /auth/authorize', [200, {}]);
      api.on('GET /user/get-current-user', [200, { firstName: 'Ada', lastName: 'Lovelace' }]);
      api.on('GET /business/get-current-users-businesses', [200, []]);
      return [200, {}];
    });
    const app = renderApp('/login');
    type(await app.findByLabelText('Email'), 'ada@example.com');
    type(app.getByLabelText('Password'), 'Str0ng!pass');
    fireEvent.click(app.getByRole('button', { name: 'Login' }));
    expect(await app.findByText('Login Successful!')).toBeInTheDocument();
    expect(app.getByText('Welcome! You’re now logged in and ready to go.')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(api.bodies['POST /auth/sign-in']).toEqual([{ email: 'ada@example.com', password: 'Str0ng!pass' }]);
  });

  it("shows the server's message as the failure toast title with 'Operation failed'", async () => {
    signedOutApi().on('POST /auth/sign-in', [401, { message: 'The email address or password is incorrect.' }]);
    const app = renderApp('/login');
    type(await app.findByLabelText('Email'), 'ada@example.com');
    type(app.getByLabelText('Password'), 'Str0ng!pass');
    fireEvent.click(app.getByRole('button', { name: 'Login' }));
    expect(await app.findByText('The email address or password is incorrect.')).toBeInTheDocument();
    expect(app.getByText('Operation failed')).toBeInTheDocument();
    expect(app.location()).toBe('/login');
  });

  it("says 'Something went wrong' when the server cannot be reached", async () => {
    signedOutApi().on('POST /auth/sign-in', () => {
      throw new Error('network down');
    });
    const app = renderApp('/login');
    type(await app.findByLabelText('Email'), 'ada@example.com');
    type(app.getByLabelText('Password'), 'Str0ng!pass');
    fireEvent.click(app.getByRole('button', { name: 'Login' }));
    expect(await app.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('register form', () => {
  it('shows every required message and the contact format rule', async () => {
    signedOutApi();
    const app = renderApp('/register');
    expect(await app.findByText('Create Starboost account')).toBeInTheDocument();
    fireEvent.click(app.getByRole('button', { name: 'Register' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'A date of birth is required.',
      'Contact is required',
    ]) {
      expect(await app.findByText(message)).toBeInTheDocument();
    }
    for (const value of ['12345678', '1234567890123456', '12345abcd']) {
      type(app.getByLabelText('Contact'), value);
      expect(await app.findByText('Contact number must be in correct format.')).toBeInTheDocument();
    }
    type(app.getByLabelText('Contact'), '123456789');
    await waitFor(() => expect(app.queryByText('Contact number must be in correct format.')).not.toBeInTheDocument());
  });

  it('offers birth years from this year back 100 years, with the Pick a date placeholder', async () => {
    signedOutApi();
    const app = renderApp('/register');
    fireEvent.click(await app.findByPlaceholderText('Pick a date'));
    const yearSearch = (await app.findAllByLabelText('Year')).find((element) => element.tagName === 'INPUT');
    expect(app.getAllByLabelText('Month').length).toBeGreaterThan(0);
    const thisYear = new Date().getFullYear();
    const optionTitles = () => [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));

    fireEvent.mouseDown(yearSearch!.closest('.ant-select')!.querySelector('.ant-select-selector')!);
    await waitFor(() => expect(optionTitles()[0]).toBe(String(thisYear)));
    type(yearSearch!, String(thisYear - 100));
    await waitFor(() => expect(optionTitles()).toEqual([String(thisYear - 100)]));
    type(yearSearch!, String(thisYear - 101));
    await waitFor(() => expect(optionTitles()).toEqual([]));
  });

  it('registers, goes to /login and shows the success toast', async () => {
    const api = signedOutApi();
    api.on('POST /auth/sign-up', [201, { message: 'Registration received.' }]);
    const app = renderApp('/register');
    type(await app.findByLabelText('First name'), 'Ada');
    type(app.getByLabelText('Last name'), 'Lovelace');
    type(app.getByLabelText('Email'), 'ada@example.com');
    type(app.getByLabelText('Password'), 'Str0ng!pass');
    type(app.getByLabelText('Contact'), '4915112345678');
    fireEvent.click(app.getByPlaceholderText('Pick a date'));
    fireEvent.click((await app.findAllByText('15'))[0]!);
    fireEvent.click(app.getByRole('button', { name: 'Register' }));
    expect(await app.findByText('Registration Successful!')).toBeInTheDocument();
    expect(app.getByText('You have successfully registered a Starboost account.')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/login'));
    const [body] = api.bodies['POST /auth/sign-up'] as Array<Record<string, string>>;
    expect(body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '4915112345678' });
    expect(body!.birthDate).toMatch(/^\d{4}-\d{2}-15$/);
  });
});

describe('forgotten password screens', () => {
  it("'Forgot password?' on the sign-in screen opens the form, which checks the email and shows the one answer", async () => {
    const api = signedOutApi();
    api.on('POST /auth/forgot-password', [200, { message: 'ignored: the screen shows its own text' }]);
    const app = renderApp('/login');
    fireEvent.click(await app.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(app.location()).toBe('/forgot-password'));
    fireEvent.click(await app.findByRole('button', { name: 'Send link' }));
    expect(await app.findByText('Email is required')).toBeInTheDocument();
    type(app.getByLabelText('Email'), 'ada@example.com');
    fireEvent.click(app.getByRole('button', { name: 'Send link' }));
    expect(await app.findByText('If an account exists for this address, we have sent a link to reset the password.')).toBeInTheDocument();
    expect(api.bodies['POST /auth/forgot-password']).toEqual([{ email: 'ada@example.com' }]);
  });

  it('sets the new password typed twice, then goes to sign-in with a toast', async () => {
    const api = signedOutApi();
    api.on('POST /auth/reset-password', [200, { success: true }]);
    const app = renderApp('/reset-password?token=abc123');
    type(await app.findByLabelText('New password'), 'N3w!Passw0rd');
    type(app.getByLabelText('New password again'), 'N3w!Passw0rX');
    fireEvent.click(app.getByRole('button', { name: 'Set password' }));
    expect(await app.findByText('The passwords do not match')).toBeInTheDocument();
    type(app.getByLabelText('New password again'), 'N3w!Passw0rd');
    await waitFor(() => expect(app.queryByText('The passwords do not match')).not.toBeInTheDocument());
    fireEvent.click(app.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await app.findByText('Password Changed')).toBeInTheDocument();
    expect(api.bodies['POST /auth/reset-password']).toEqual([{ token: 'abc123', password: 'N3w!Passw0rd' }]);
  });

  it('says a refused link is no good, with a way to ask for a new one', async () => {
    const refusal = 'This link to reset the password is unknown, has expired or has already been used. Ask for a new one.';
    signedOutApi().on('POST /auth/reset-password', [400, { message: refusal }]);
    const app = renderApp('/reset-password?token=used');
    type(await app.findByLabelText('New password'), 'N3w!Passw0rd');
    type(app.getByLabelText('New password again'), 'N3w!Passw0rd');
    fireEvent.click(app.getByRole('button', { name: 'Set password' }));
    expect(await app.findByRole('alert')).toHaveTextContent(refusal);
    expect(app.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
