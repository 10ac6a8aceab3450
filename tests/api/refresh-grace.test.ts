import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageRefreshTokenUse } from '../support/refresh-tokens';
import { ApiClient, startTestApp, type TestApp } from '../support/test-app';
import { ACCESS_COOKIE, expectError, REFRESH_COOKIE } from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp?.close());

/** Two tabs of one browser: the same cookies, each refreshing on its own. */
async function twoTabs() {
  const first = new ApiClient(testApp.app);
  await first.signUpAndIn();
  const second = new ApiClient(testApp.app);
  second.cookies = { ...first.cookies };
  return { first, second, refreshToken: first.cookies[REFRESH_COOKIE]! };
}

const refresh = (client: ApiClient) => client.post('/api/auth/refresh-token');
const authorize = (client: ApiClient) => client.post('/api/auth/authorize');

describe('two tabs refreshing with the same refresh cookie', () => {
  it('both get a valid session when they refresh at the same moment', async () => {
    const { first, second } = await twoTabs();
    const [a, b] = await Promise.all([refresh(first), refresh(second)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(first.cookies[REFRESH_COOKIE]).not.toBe(second.cookies[REFRESH_COOKIE]);
    expect((await authorize(first)).statusCode).toBe(200);
    expect((await authorize(second)).statusCode).toBe(200);
    // Each tab's new refresh token works on its own later.
    expect((await refresh(first)).statusCode).toBe(200);
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('one after the other within the grace window: both signed in', async () => {
    const { first, second } = await twoTabs();
    expect((await refresh(first)).statusCode).toBe(200);
    expect((await refresh(second)).statusCode).toBe(200);
    expect((await authorize(first)).statusCode).toBe(200);
    expect((await authorize(second)).statusCode).toBe(200);
  });

  it('the old token presented after the window still ends the whole session', async () => {
    const { first, second, refreshToken } = await twoTabs();
    expect((await refresh(first)).statusCode).toBe(200);
    await ageRefreshTokenUse(testApp.app, refreshToken);

    expectError(await refresh(second), 401, /used from somewhere else/);
    const signedOut = new ApiClient(testApp.app);
    signedOut.cookies = { [ACCESS_COOKIE]: first.cookies[ACCESS_COOKIE]! };
    expectError(await authorize(signedOut), 401, 'Your session has ended. Please sign in again.');
    expectError(await refresh(first), 401, 'Your session has expired. Please sign in again.');
  });
});
