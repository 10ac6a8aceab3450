import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMessages, validationMessages } from '#domain';
import { passwordResetTokens } from '../../server/db/schema';
import { ManualClock } from '../support/manual-clock';
import { SmtpSink } from '../support/smtp-sink';
import { ApiClient, uniqueEmail } from '../support/test-app';
import { expectError, expectFieldError, signIn, sleep, withTestApp } from './helpers';

/**
 * Forgotten passwords through the loopback SMTP sink: the link from the received email sets a new
 * password once, signs every device out, and expires; unknown addresses get the same answer.
 */

const APP_URL = 'https://app.example.test';
const NEW_PASSWORD = 'N3w!Passw0rd';
const LINK = new RegExp(`${APP_URL.replace(/\./g, '\\.')}/reset-password\\?token=([A-Za-z0-9_-]+)`);

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink?.close());

/** Waits for the next reset email to `address` (after `already` earlier ones) and returns its token. */
async function tokenFromEmail(address: string, already = 0): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const email = sink.emailsTo(address)[already];
    if (email) {
      const token = LINK.exec(email.text)?.[1];
      if (!token) throw new Error(`no reset link in: ${email.text}`);
      return token;
    }
    await sleep(25);
  }
  throw new Error(`no reset email to ${address}`);
}

const smtpEnv = () => ({ SMTP_URL: sink.url, APP_URL });

describe('forgot password, by email', () => {
  it('emails a single-use link that sets the new password and signs out every device', async () => {
    await withTestApp(smtpEnv(), async ({ app }) => {
      const laptop = new ApiClient(app);
      const registration = await laptop.signUpAndIn();
      const phone = new ApiClient(app);
      expect((await phone.post('/api/auth/sign-in', { email: registration.email, password: registration.password })).statusCode).toBe(200);

      const asked = await new ApiClient(app).post('/api/auth/forgot-password', { email: registration.email.toUpperCase() });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json()).toEqual({ message: passwordResetMessages.linkSent });

      const token = await tokenFromEmail(registration.email);
      const [email] = sink.emailsTo(registration.email);
      expect(email!.headers.subject).toBe('Reset your Starboost password');
      expect(email!.text).toContain('30 minutes');
      // At least 128 random bits, stored only as a hash.
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const stored = await app.db.select().from(passwordResetTokens);
      expect(stored.length).toBeGreaterThan(0);
      expect(JSON.stringify(stored)).not.toContain(token);

      const browser = new ApiClient(app);
      expectFieldError(await browser.post('/api/auth/reset-password', { token, password: 'short' }), 'password', validationMessages.passwordMin);
      const reset = await browser.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(reset.statusCode, reset.body).toBe(200);

      expect((await signIn(app, registration.email, registration.password)).statusCode).toBe(401);
      expect((await signIn(app, registration.email, NEW_PASSWORD)).statusCode).toBe(200);
      for (const device of [laptop, phone]) {
        expect((await device.post('/api/auth/authorize')).statusCode).toBe(401);
        expect((await device.post('/api/auth/refresh-token')).statusCode).toBe(401);
      }

      // Single use: the same link again changes nothing.
      expectError(await browser.post('/api/auth/reset-password', { token, password: 'An0ther!pass' }), 400, passwordResetMessages.linkInvalid);
      expect((await signIn(app, registration.email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('refuses an expired link, an unknown one and a missing one with one message', async () => {
    const clock = new ManualClock();
    await withTestApp({ ...smtpEnv(), PASSWORD_RESET_TTL_MINUTES: '1' }, async ({ app }) => {
      const owner = new ApiClient(app);
      const registration = await owner.signUpAndIn();
      await owner.post('/api/auth/forgot-password', { email: registration.email });
      const token = await tokenFromEmail(registration.email);
      expect(sink.emailsTo(registration.email)[0]!.text).toContain('1 minutes');
      clock.advance(61_000);

      const browser = new ApiClient(app);
      for (const body of [{ token, password: NEW_PASSWORD }, { token: 'not-a-token', password: NEW_PASSWORD }, { password: NEW_PASSWORD }]) {
        expectError(await browser.post('/api/auth/reset-password', body), 400, passwordResetMessages.linkInvalid);
      }
      expect((await signIn(app, registration.email, registration.password)).statusCode).toBe(200);
      expect((await owner.post('/api/auth/authorize')).statusCode).toBe(200);
    }, { clock });
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    await withTestApp(smtpEnv(), async ({ app }) => {
      const owner = new ApiClient(app);
      const registration = await owner.signUpAndIn();
      const unknown = uniqueEmail('nobody');
      const answers = await Promise.all(
        [registration.email, unknown].map((email) => new ApiClient(app).post('/api/auth/forgot-password', { email })),
      );
      expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
        [200, JSON.stringify({ message: passwordResetMessages.linkSent })],
        [200, JSON.stringify({ message: passwordResetMessages.linkSent })],
      ]);
      await tokenFromEmail(registration.email);
      await sleep(200);
      expect(sink.emailsTo(unknown)).toEqual([]);
    });
  });

  it('answers before the account is looked up or the email sent, so the time says nothing about the account', async () => {
    await withTestApp(smtpEnv(), async ({ app }) => {
      const registration = await new ApiClient(app).signUpAndIn();
      const before = sink.emailsTo(registration.email).length;
      sink.gate.hold();
      try {
        // The SMTP server does not answer, yet the known address is answered at once.
        const asked = await new ApiClient(app).post('/api/auth/forgot-password', { email: registration.email });
        expect(asked.statusCode).toBe(200);
        expect(sink.emailsTo(registration.email).length).toBe(before);
      } finally {
        sink.gate.release();
      }
      await tokenFromEmail(registration.email, before);
    });
  });

  it('checks the email like the sign-in form', async () => {
    await withTestApp(smtpEnv(), async ({ app }) => {
      const client = new ApiClient(app);
      expectFieldError(await client.post('/api/auth/forgot-password', {}), 'email', validationMessages.emailRequired);
      expectFieldError(await client.post('/api/auth/forgot-password', { email: 'not-an-address' }), 'email', validationMessages.emailInvalid);
    });
  });

  it('is rate limited per address, whoever asks, and per client', async () => {
    await withTestApp({ ...smtpEnv(), PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '2' }, async ({ app }) => {
      const target = uniqueEmail('target');
      const ask = (email: string, remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, headers: { 'content-type': 'application/json' }, payload: { email } });
      expect((await ask(target, '10.0.0.1')).statusCode).toBe(200);
      expect((await ask(target, '10.0.0.2')).statusCode).toBe(200);
      expectError(await ask(target, '10.0.0.3'), 429, /^Too many attempts\. Please wait \d+ seconds and try again\.$/);
      expect((await ask(target.toUpperCase(), '10.0.0.4')).statusCode).toBe(429);
      expect((await ask(uniqueEmail('other'), '10.0.0.3')).statusCode).toBe(200);
    });
    await withTestApp({ ...smtpEnv(), AUTH_RATE_LIMIT_PER_MINUTE: '2' }, async ({ app }) => {
      const client = new ApiClient(app);
      expect((await client.post('/api/auth/forgot-password', { email: uniqueEmail() })).statusCode).toBe(200);
      expect((await client.post('/api/auth/forgot-password', { email: uniqueEmail() })).statusCode).toBe(200);
      expect((await client.post('/api/auth/forgot-password', { email: uniqueEmail() })).statusCode).toBe(429);
    });
  });

  it('without SMTP, logs at info that a reset email is in the outbox, never the link', async () => {
    const lines: string[] = [];
    await withTestApp({ LOG_LEVEL: 'info', APP_URL }, async ({ app }) => {
      const registration = await new ApiClient(app).signUpAndIn();
      await new ApiClient(app).post('/api/auth/forgot-password', { email: registration.email });
      for (let waited = 0; waited < 5000 && !lines.some((line) => line.includes('outbox')); waited += 25) await sleep(25);
      const outbox = lines.map((line) => JSON.parse(line)).find((entry) => String(entry.msg).includes('outbox'));
      expect(outbox).toMatchObject({ level: 30, to: registration.email });
      expect(lines.join('\n')).not.toMatch(/reset-password\?token=|token=/);
      expect(await app.db.select().from(passwordResetTokens)).not.toEqual([]);
    }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
});
