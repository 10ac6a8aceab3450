import http from 'node:http';
import https from 'node:https';
import type { WebhooksConfig } from '../config';
import { namesPrivateHost, PrivateAddressError, publicAddressesOnly } from './addresses';

/** What one POST got: the answer's status, or why there was none (`refused`: never to be tried again). */
export type PostResult = { status: number } | { status: null; error: string; refused: boolean };

export const PRIVATE_ADDRESS_REFUSED = 'Not sent: the address is local or private (Starboost sends only to public https addresses).';

/**
 * POSTs a webhook's body and answers the status, without following a redirect or reading the answer's
 * body (it is drained, never kept). Unless private URLs are allowed, only https goes, and only to a
 * host whose every address is public (checked at the connection's own lookup). The whole exchange,
 * up to the answer's status, has `timeoutMs`.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, config: WebhooksConfig): Promise<PostResult> {
  const target = new URL(url);
  if (!config.allowPrivateUrls && (target.protocol !== 'https:' || namesPrivateHost(target))) {
    return Promise.resolve({ status: null, error: PRIVATE_ADDRESS_REFUSED, refused: true });
  }
  return new Promise((resolve) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A connection of its own each time: a kept-alive one could outlive the address check.
        agent: false,
        signal: AbortSignal.timeout(config.timeoutMs),
        ...(config.allowPrivateUrls ? {} : { lookup: publicAddressesOnly }),
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    request.on('error', (error) => resolve({ status: null, error: failureInWords(error, config.timeoutMs), refused: error instanceof PrivateAddressError }));
    request.end(body);
  });
}

/** Why a POST got no answer, in a short sentence for the delivery log (never the URL). */
function failureInWords(error: Error, timeoutMs: number): string {
  if (error instanceof PrivateAddressError) return PRIVATE_ADDRESS_REFUSED;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return `No answer within ${Number((timeoutMs / 1000).toFixed(1))} seconds`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name could not be found';
  if (code === 'ECONNREFUSED') return 'The connection was refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'The connection was closed before an answer';
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'The host could not be reached';
  if (/CERT|SSL|TLS/.test(code)) return `The secure connection failed (${code})`;
  return `Could not connect${code ? ` (${code})` : ''}`;
}

/** Why an answer is not a delivery, for the log. */
export const statusInWords = (status: number) =>
  status >= 300 && status < 400 ? `The endpoint answered ${status}; redirects are not followed` : `The endpoint answered ${status}`;
