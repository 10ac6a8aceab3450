import { FEEDBACK_MAX } from '#domain';
import { escapeHtml, publicPage } from '../lib/public-page';
import type { ReviewTarget } from './queries';

/**
 * The review page: works without JavaScript (each star is a submit button that records the rating)
 * and shows every review site whatever the rating, as Google's policy and the FTC rule on reviews require.
 */

const CSS = `
  .business { color: rgba(0,0,0,.6); margin: 0 0 4px; font-size: 14px; }
  fieldset { border: 0; padding: 0; margin: 0 0 8px; }
  legend { padding: 0; font-weight: 600; margin-bottom: 4px; }
  .stars { display: flex; gap: 4px; }
  .stars button { font-size: 40px; line-height: 1; background: none; color: #8c8c8c; border: 0; padding: 2px 4px; }
  .stars button.on, .stars:hover button { color: #ad6800; }
  .stars button:hover { background: none; }
  .stars button:hover ~ button { color: #8c8c8c; }
  .stars button:focus-visible { outline: 3px solid #1e1b4b; outline-offset: 2px; border-radius: 4px; }
  .chosen { margin: 4px 0 0; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .sites { display: grid; gap: 8px; margin: 0; padding: 0; list-style: none; }
  .sites .button { display: block; }
  label.message { display: block; font-weight: 600; margin-bottom: 4px; }
  textarea { font: inherit; width: 100%; box-sizing: border-box; min-height: 96px; border: 1px solid #8c8c8c; border-radius: 6px; padding: 8px; }
  .secondary { background: #fff; color: #4f46e5; border: 1px solid #4f46e5; margin-top: 8px; }
  .secondary:hover { background: #f0f0ff; }
  .error { color: #a8071a; }`;

export const reviewPath = (token: string) => `/r/${encodeURIComponent(token)}`;

function siteButtons(token: string, page: ReviewTarget): string {
  if (page.sites.length === 0) return '';
  const items = page.sites
    .map((site, index) => `<li><a class="button" href="${reviewPath(token)}/go/${index + 1}">Review us on ${escapeHtml(site.name)}</a></li>`)
    .join('');
  return `<h2>Share your experience publicly</h2><ul class="sites">${items}</ul>`;
}

const starLabel = (value: number) => `${value} ${value === 1 ? 'star' : 'stars'}`;

/** Five submit buttons: tapping one records that rating (and keeps what was typed in the message). */
function stars(token: string, chosen: number | null): string {
  const buttons = [1, 2, 3, 4, 5]
    .map(
      (value) =>
        `<button type="submit" name="rating" value="${value}" formaction="${reviewPath(token)}/rating"` +
        ` class="${chosen !== null && value <= chosen ? 'on' : ''}" aria-pressed="${chosen === value}">` +
        `<span aria-hidden="true">★</span><span class="sr">${starLabel(value)}</span></button>`,
    )
    .join('');
  const status = chosen === null ? 'Tap a star to rate your visit.' : `Your rating: ${chosen} of 5 stars. Tap another star to change it.`;
  return `<div class="stars">${buttons}</div><p class="chosen" role="status">${status}</p>`;
}

export type FeedbackForm = { csrf: string; message?: string; error?: string };

/** The page with the recipient's recorded rating chosen; the error (if any) says what to correct. */
export function reviewPage(token: string, page: ReviewTarget, form: FeedbackForm, nonce: string): string {
  const business = escapeHtml(page.businessName);
  const content = `<p class="business">${business}</p>
<form method="post" action="${reviewPath(token)}/feedback">
<input type="hidden" name="csrf" value="${escapeHtml(form.csrf)}">
<fieldset><legend><h1>How was your visit?</h1></legend>${stars(token, page.rating)}</fieldset>
${siteButtons(token, page)}
<h2>Or tell ${business} privately</h2>
<label class="message" for="message">Message to ${business} (optional)</label>
<textarea id="message" name="message" maxlength="${FEEDBACK_MAX}">${escapeHtml(form.message ?? '')}</textarea>
${form.error ? `<p class="error" role="alert">${escapeHtml(form.error)}</p>` : ''}
<button type="submit" class="secondary">Send to ${business}</button>
</form>`;
  return publicPage({ title: `How was your visit? · ${page.businessName}`, content, nonce, css: CSS });
}

export function thanksPage(token: string, page: ReviewTarget, nonce: string): string {
  const business = escapeHtml(page.businessName);
  const content = `<p class="business">${business}</p>
<h1>Thank you for your feedback!</h1>
<p>Your message went to ${business} only.</p>
${siteButtons(token, page)}`;
  return publicPage({ title: `Thank you · ${page.businessName}`, content, nonce, css: CSS });
}

export function notFoundPage(nonce: string): string {
  return publicPage({
    title: 'Link not found',
    content: '<h1>This review link is not valid</h1><p>It may be mistyped, incomplete or expired. Thank you for wanting to share your experience!</p>',
    nonce,
  });
}
