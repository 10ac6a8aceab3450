import { html, Html, type HtmlValue } from '../lib/html';

/**
 * The two parts of a campaign email (and of any review request: the automation builds its own
 * input): the text as rendered for the recipient, and an HTML part with the business's name as
 * header, the same text, five one-tap star links for a review request, and the unsubscribe link
 * and postal address at the bottom (CAN-SPAM). No images, no remote resources, readable in dark mode.
 */
export type CampaignEmailInput = {
  business: { name: string; postalAddress: string };
  subject: string;
  /** The message as the recipient gets it (placeholders filled): plain text, escaped here. */
  message: string;
  /** The review page of a review request (`{APP_URL}/r/{token}`), or null for other messages. */
  reviewUrl: string | null;
  unsubscribeUrl: string;
};

/** Where a star of an email's star row leads: the review page, recording that rating. */
export const starUrl = (reviewUrl: string, rating: number) => `${reviewUrl}?rating=${rating}`;

export function campaignEmailText({ business, message, unsubscribeUrl }: CampaignEmailInput): string {
  return `${message}\n\n--\nTo stop receiving these emails, unsubscribe: ${unsubscribeUrl}\n${business.name}, ${business.postalAddress}\n`;
}

// http(s) addresses in the text become links; a sentence's closing punctuation stays text.
const WEB_ADDRESS = /https?:\/\/[^\s<>"]+?(?=[.,;:!?)\]]*(?:[\s<>"]|$))/g;

/** One paragraph of the text: its web addresses as links, its line breaks kept. */
function paragraph(text: string): Html {
  const parts: HtmlValue[] = [];
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    parts.push(lines(text.slice(last, match.index)), html`<a href="${match[0]}" style="color:#4338ca">${match[0]}</a>`);
    last = match.index + match[0].length;
  }
  parts.push(lines(text.slice(last)));
  return html`<p dir="auto" style="margin:0 0 16px">${parts}</p>`;
}

const lines = (text: string) => text.split('\n').map((line, index) => (index === 0 ? html`${line}` : html`<br>${line}`));

const STAR_LABELS = ['1 star: poor', '2 stars', '3 stars', '4 stars', '5 stars: excellent'];

function starRow(reviewUrl: string): Html {
  const stars = STAR_LABELS.map(
    (label, index) =>
      html`<a class="sb-star" href="${starUrl(reviewUrl, index + 1)}" title="${label}" aria-label="${label}" style="display:inline-block;padding:4px 6px;font-size:36px;line-height:1;color:#ad6800;text-decoration:none">&#9733;</a>`,
  );
  return html`<p style="margin:8px 0 0;font-weight:600">How was your visit? Tap a star:</p>
<p style="margin:0 0 16px;white-space:nowrap">${stars}</p>`;
}

// Mail programs that honour it switch colours in dark mode; the rest keep the light ones, which stay readable.
const DARK_MODE_CSS = new Html(`:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .sb-body { background: #141414 !important; color: #e8e8e8 !important; }
  .sb-card { background: #1f1f1f !important; color: #e8e8e8 !important; }
  .sb-muted { color: #b8b8b8 !important; }
  .sb-card a { color: #a5b4fc !important; }
  .sb-card a.sb-star { color: #fadb14 !important; }
}`);

export function campaignEmailHtml({ business, subject, message, reviewUrl, unsubscribeUrl }: CampaignEmailInput): string {
  const paragraphs = message.split(/\n{2,}/).map(paragraph);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${subject}</title>
<style>${DARK_MODE_CSS}</style>
</head>
<body class="sb-body" style="margin:0;padding:24px 12px;background:#f5f5f5;color:#1f1f1f;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5">
<div class="sb-card" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
<h1 dir="auto" style="margin:0 0 16px;font-size:22px">${business.name}</h1>
${paragraphs}
${reviewUrl && starRow(reviewUrl)}
<p class="sb-muted" style="margin:24px 0 0;font-size:13px;color:#595959">
You receive this email as a customer of <bdi>${business.name}</bdi>. <a href="${unsubscribeUrl}" style="color:#4338ca">Unsubscribe</a><br>
<bdi>${business.name}</bdi>, <bdi>${business.postalAddress}</bdi>
</p>
</div>
</body>
</html>
`.markup;
}
