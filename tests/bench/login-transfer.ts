import type { Response } from 'playwright-core';
import { launchChromium } from '../support/chromium';

export type LoginTransfer = { scriptBytes: number; scripts: number; totalBytes: number; requests: number };

/**
 * What Chromium downloads for a first visit to /login in a fresh profile (empty cache), as sent
 * over the wire: response bodies as transferred (compressed where the server compresses) and,
 * for the total, their headers too. The API calls the page makes (the session check) count.
 */
export async function coldLoginTransfer(baseUrl: string): Promise<LoginTransfer> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const transfer: LoginTransfer = { scriptBytes: 0, scripts: 0, totalBytes: 0, requests: 0 };
    for (const response of responses) {
      const sizes = await response.request().sizes();
      transfer.requests += 1;
      transfer.totalBytes += sizes.responseBodySize + sizes.responseHeadersSize;
      if (response.request().resourceType() === 'script') {
        transfer.scripts += 1;
        transfer.scriptBytes += sizes.responseBodySize;
      }
    }
    return transfer;
  } finally {
    await browser.close();
  }
}
