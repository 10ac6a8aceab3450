import type { FastifyReply } from 'fastify';
import { PRODUCT_NAME } from '#domain';
import { FAVICON_PATH } from './favicon';
import { escapeHtml } from './html';

export { escapeHtml };

/** Pages served to the public (review page, unsubscribe page): small, server-rendered, no script. */

/** The app's look in a few rules: its brand colour, system fonts, one white card. */
const BASE_CSS = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f5f5f5; margin: 0; padding: 32px 16px; color: #1f1f1f; line-height: 1.5; }
  main { max-width: 440px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 28px 24px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 22px; margin: 0 0 12px; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  button, .button { font: inherit; display: inline-block; background: #4f46e5; color: #fff; border: 0; border-radius: 6px; padding: 10px 18px; cursor: pointer; text-decoration: none; text-align: center; }
  button:hover, .button:hover { background: #4338ca; }
  :focus-visible { outline: 3px solid #1e1b4b; outline-offset: 2px; }
  small { color: rgba(0,0,0,.6); display: block; margin-top: 24px; }`;

/** `nonce`: the response's CSP style nonce, which the inline <style> needs. */
export const publicPage = ({ title, content, nonce, css = '' }: { title: string; content: string; nonce: string; css?: string }) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${BASE_CSS}${css}
</style>
</head>
<body><main>${content}<small>${PRODUCT_NAME}</small></main></body>
</html>`;

/** Answers with a public page, never stored by a cache (it may show what the visitor typed). */
export const sendPublicPage = (reply: FastifyReply, statusCode: number, page: string) =>
  reply.status(statusCode).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
