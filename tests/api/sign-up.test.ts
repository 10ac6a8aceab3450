import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { waitFor } from '../support/delivery-app';
import { SmtpSink } from '../support/smtp-sink';
import { ApiClient, startTestApp, validRegistration, type TestApp } from '../support/test-app';
import { expectError, expectFieldError, markedRegistration, signIn, storedUsersLike, withTestApp, type Registration } from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp?.close());

const signUp = (payload: unknown) => new ApiClient(testApp.app).post('/api/auth/sign-up', payload);

/** The one answer to every valid sign-up: it says nothing of whether the address had an account. */
const SIGN_UP_ANSWER = 'Registration received. Sign in with your email address and password; if this address already had an account, we have emailed its owner instead.';

type Case = { field: keyof Registration; value: string | undefined; message: string; title: string };

/** Section 5, registration form; each password value fails the rule named and possibly later ones. */
const invalidRegistrations: Case[] = [
  { title: 'first name missing', field: 'firstName', value: undefined, message: 'First name is required' },
  { title: 'first name blank', field: 'firstName', value: '   ', message: 'First name is required' },
  { title: 'last name missing', field: 'lastName', value: undefined, message: 'Last name is required' },
  { title: 'last name empty', field: 'lastName', value: '', message: 'Last name is required' },
  { title: 'email missing', field: 'email', value: undefined, message: 'Email is required' },
  { title: 'email empty', field: 'email', value: '', message: 'Email is required' },
  { title: 'email without domain', field: 'email', value: 'ada@', message: 'Invalid email address' },
  { title: 'email without @', field: 'email', value: 'ada.example.com', message: 'Invalid email address' },
  { title: 'password missing', field: 'password', value: undefined, message: 'Password is required' },
  { title: 'password empty', field: 'password', value: '', message: 'Password is required' },
  { title: 'password of 7', field: 'password', value: 'abc', message: 'Password must be at least 8 characters long' },
  { title: 'password of 7 otherwise valid', field: 'password', value: 'Ab1!xyz', message: 'Password must be at least 8 characters long' },
  { title: 'password of 33', field: 'password', value: 'a'.repeat(33), message: 'Password must not exceed 32 characters' },
  { title: 'password without uppercase', field: 'password', value: 'abcdefgh', message: 'Password must contain at least one uppercase letter' },
  { title: 'password without lowercase', field: 'password', value: 'ABCDEFGH', message: 'Password must contain at least one lowercase letter' },
  { title: 'password without number', field: 'password', value: 'Abcdefgh', message: 'Password must contain at least one number' },
  { title: 'password without special', field: 'password', value: 'Abcdefg1', message: 'Password must contain at least one special character' },
  { title: 'birth date missing', field: 'birthDate', value: undefined, message: 'A date of birth is required.' },
  { title: 'birth date empty', field: 'birthDate', value: '', message: 'A date of birth is required.' },
  { title: 'contact missing', field: 'phoneNumber', value: undefined, message: 'Contact is required' },
  { title: 'contact empty', field: 'phoneNumber', value: '', message: 'Contact is required' },
  { title: 'contact with letters', field: 'phoneNumber', value: '49151abcdef', message: 'Contact number must be in correct format.' },
  { title: 'contact of 8 digits', field: 'phoneNumber', value: '12345678', message: 'Contact number must be in correct format.' },
  { title: 'contact of 16 digits', field: 'phoneNumber', value: '1234567890123456', message: 'Contact number must be in correct format.' },
];

describe('sign-up validation (spec section 5, registration form)', () => {
  it.each(invalidRegistrations)('$title → 400 "$message" and no user', async ({ field, value, message }) => {
    const registration = markedRegistration();
    const payload: Record<string, unknown> = { ...registration, [field]: value };
    if (value === undefined) delete payload[field];

    expectFieldError(await signUp(payload), field, message);

    expect(await storedUsersLike(testApp.app, { ...registration, [field]: value })).toEqual([]);
    expect((await signIn(testApp.app, registration.email, registration.password)).statusCode).toBe(401);
  });

  it('reports every invalid field at once, each with its first failing rule', async () => {
    const response = await signUp({ email: 'nope', password: 'short', phoneNumber: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters long',
      birthDate: 'A date of birth is required.',
      phoneNumber: 'Contact number must be in correct format.',
    });
  });

  it('answers an empty payload with every required message', async () => {
    const response = await signUp({});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      birthDate: 'A date of birth is required.',
      phoneNumber: 'Contact is required',
    });
  });

  it.each([
    ['9', '123456789'],
    ['15', '123456789012345'],
  ])('accepts a contact number of %s digits', async (_length, phoneNumber) => {
    const response = await signUp({ ...validRegistration(), phoneNumber });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('accepts passwords of exactly 8 and 32 characters', async () => {
    for (const password of ['Abcde1!x', `Ab1!${'x'.repeat(28)}`]) {
      const registration = { ...validRegistration(), password };
      expect((await signUp(registration)).statusCode).toBe(201);
      expect((await signIn(testApp.app, registration.email, password)).statusCode).toBe(200);
    }
  });
});

describe('sign-up', () => {
  it('creates the user: 201 with the one answer and no password material', async () => {
    const registration = validRegistration();
    const response = await signUp(registration);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: SIGN_UP_ANSWER });
    expect(response.body).not.toContain(registration.password);
    expect((await signIn(testApp.app, registration.email, registration.password)).statusCode).toBe(200);
  });

  it('answers a taken email (in any case) exactly as a new one, keeps the first account, and emails its owner', async () => {
    const sink = await SmtpSink.start();
    try {
      await withTestApp({ SMTP_URL: sink.url, APP_URL: 'https://app.example.test' }, async ({ app }) => {
        const post = (payload: unknown) => new ApiClient(app).post('/api/auth/sign-up', payload);
        const registration = validRegistration();
        const first = await post(registration);
        const shouted = { ...validRegistration(), email: registration.email.toUpperCase(), password: 'Other!pass9', firstName: 'Mallory' };
        const again = await post(shouted);
        // Same status, same body, same headers apart from the request's own.
        expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
        const headers = (response: typeof first) => Object.keys(response.headers).filter((name) => !['date', 'content-security-policy'].includes(name)).sort();
        expect(headers(again)).toEqual(headers(first));

        expect(await storedUsersLike(app, { email: registration.email })).toHaveLength(1);
        expect((await signIn(app, registration.email, shouted.password)).statusCode).toBe(401);
        expect((await signIn(app, registration.email, registration.password)).statusCode).toBe(200);

        const email = await waitFor(async () => sink.emailsTo(registration.email)[0], 10_000, 'the email to the owner');
        expect(email.headers.subject).toBe('Someone tried to create a Starboost account with your email address');
        expect(email.text).toContain(`Hello ${registration.firstName},`);
        expect(email.text).toContain('https://app.example.test/forgot-password');
        expect(email.text).not.toContain('Mallory');
        // The first sign-up, of a new address, sent nothing.
        expect(sink.emailsTo(registration.email)).toHaveLength(1);
      });
    } finally {
      await sink.close();
    }
  });

  it('lets only one of two simultaneous sign-ups with one email create an account, answering both alike', async () => {
    const registration = validRegistration();
    const responses = await Promise.all([signUp(registration), signUp({ ...registration, email: registration.email.toUpperCase() })]);

    expect(responses.map((response) => [response.statusCode, response.json()])).toEqual([
      [201, { message: SIGN_UP_ANSWER }],
      [201, { message: SIGN_UP_ANSWER }],
    ]);
    expect(await storedUsersLike(testApp.app, { email: registration.email })).toHaveLength(1);
  });

  it('lets a user sign in with their email in another case', async () => {
    const registration = validRegistration();
    expect((await signUp(registration)).statusCode).toBe(201);
    expect((await signIn(testApp.app, registration.email.toUpperCase(), registration.password)).statusCode).toBe(200);
  });

  it('stores only a salted scrypt hash of the password', async () => {
    const first = validRegistration();
    const second = validRegistration();
    expect((await signUp(first)).statusCode).toBe(201);
    expect((await signUp(second)).statusCode).toBe(201);

    const hashes = await testApp.app.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`${users.email} in (${first.email}, ${second.email})`);
    expect(hashes).toHaveLength(2);
    for (const { passwordHash } of hashes) {
      expect(passwordHash.startsWith('scrypt$')).toBe(true);
      expect(passwordHash).not.toContain(first.password);
    }
    // Same password, different salt: the stored values differ.
    expect(hashes[0]!.passwordHash).not.toBe(hashes[1]!.passwordHash);
  });

  it('answers 429 once the per-minute limit is used up, and stores nothing for the refused attempt', async () => {
    await withTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, async ({ app }) => {
      const registrations = [validRegistration(), validRegistration(), validRegistration(), markedRegistration()];
      const answers = [];
      for (const registration of registrations) answers.push(await new ApiClient(app).post('/api/auth/sign-up', registration));
      expect(answers.slice(0, 3).map((response) => response.statusCode)).toEqual([201, 201, 201]);
      expectError(answers[3]!, 429, /^Too many attempts\. Please wait \d+ seconds and try again\.$/);
      expect(await storedUsersLike(app, registrations[3]!)).toEqual([]);
    });
  });
});
