import { escapeHtml, publicPage } from '../lib/public-page';
import type { UnsubscribeTarget } from '../suppressions/opt-outs';

const layout = (title: string, content: string, nonce: string) => publicPage({ title, content, nonce });

/**
 * The page behind an email's unsubscribe link. Opening it changes nothing (link scanners open
 * links); the button posts the one-click form (RFC 8058) that mail clients post by themselves.
 */
export function unsubscribePage(target: UnsubscribeTarget | null, justUnsubscribed: boolean, nonce: string): string {
  if (!target) {
    return layout('Link not found', '<h1>This unsubscribe link is not valid</h1><p>It may be mistyped or incomplete.</p>', nonce);
  }
  const business = escapeHtml(target.businessName);
  // An erased contact's delivery no longer holds the address (server/sending/erase.ts); its link
  // still unsubscribes (kept as the address's hash), by the same button.
  const address = target.contactId === null ? 'This address' : escapeHtml(target.address);
  if (justUnsubscribed || target.status === 'UNSUBSCRIBED') {
    return layout('Unsubscribed', `<h1>You are unsubscribed</h1><p>${address} will receive no more campaign messages from ${business}.</p>`, nonce);
  }
  return layout(
    'Unsubscribe',
    `<h1>Unsubscribe from ${business}?</h1>
<p>${address} will receive no more campaign messages from ${business}.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    nonce,
  );
}
