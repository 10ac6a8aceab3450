import { PRODUCT_NAME } from '../../src/domain';
import type { UnsubscribeTarget } from './opt-outs';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const layout = (title: string, content: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f5f5; margin: 0; padding: 48px 16px; color: #1f1f1f; }
  main { max-width: 440px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 32px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 12px; }
  button { font: inherit; background: #1677ff; color: #fff; border: 0; border-radius: 6px; padding: 10px 18px; cursor: pointer; }
  small { color: #8c8c8c; display: block; margin-top: 24px; }
</style>
</head>
<body><main>${content}<small>${PRODUCT_NAME}</small></main></body>
</html>`;

/**
 * The page behind an email's unsubscribe link. Opening it changes nothing (link scanners open
 * links); the button posts the one-click form (RFC 8058) that mail clients post by themselves.
 */
export function unsubscribePage(target: UnsubscribeTarget | null, justUnsubscribed: boolean): string {
  if (!target) {
    return layout('Link not found', '<h1>This unsubscribe link is not valid</h1><p>It may be mistyped or incomplete.</p>');
  }
  const business = escapeHtml(target.businessName);
  const address = escapeHtml(target.address);
  if (justUnsubscribed || target.status === 'UNSUBSCRIBED' || target.contactId === null) {
    return layout('Unsubscribed', `<h1>You are unsubscribed</h1><p>${address} will receive no more campaign messages from ${business}.</p>`);
  }
  return layout(
    'Unsubscribe',
    `<h1>Unsubscribe from ${business}?</h1>
<p>${address} will receive no more campaign messages from ${business}.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}
