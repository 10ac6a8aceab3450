import { CHECK_IN_FIELD_MAX, checkInPageTexts as texts, type CheckInForm } from '#domain/check-in-page';
import type { FieldErrors } from '#domain/rules';
import { html, type Html } from '../lib/html';
import { publicPage } from '../lib/public-page';

/**
 * The check-in page: a phone-first form that works without JavaScript. Errors stand beside their
 * fields (aria-describedby) and what was typed stays. The honeypot field is off-screen and out of
 * the tab order: a person never fills it, a form-filling bot does.
 */

export const CHECK_IN_PATH = '/k';
export const checkInPath = (slug: string) => `${CHECK_IN_PATH}/${encodeURIComponent(slug)}`;

/** The honeypot's name: a field bots like to fill. */
export const HONEYPOT_FIELD = 'website';

const CSS = `
  .business { color: rgba(0,0,0,.6); margin: 0 0 4px; font-size: 14px; }
  .field { margin: 0 0 16px; }
  .field label { display: block; font-weight: 600; margin-bottom: 4px; }
  .field input { font: inherit; font-size: 16px; width: 100%; box-sizing: border-box; min-height: 44px; border: 1px solid #8c8c8c; border-radius: 6px; padding: 8px 10px; }
  .field input[aria-invalid="true"] { border-color: #a8071a; }
  .hint { color: rgba(0,0,0,.65); margin: -8px 0 16px; font-size: 14px; }
  .consent { display: flex; gap: 10px; align-items: flex-start; margin: 0 0 16px; }
  .consent input { width: 24px; height: 24px; margin: 0; flex: none; }
  .consent label { font-weight: 400; }
  .error { color: #a8071a; margin: 4px 0 0; }
  .summary { margin: 0 0 16px; font-weight: 600; }
  .trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
  form button { width: 100%; min-height: 48px; font-size: 17px; }`;

const page = (title: string, content: Html, nonce: string) => publicPage({ title, content: content.markup, nonce, css: CSS });

export type CheckInPageState = { form?: CheckInForm; problems?: FieldErrors; token: string };

const errorId = (field: string) => `${field}-error`;
const errorOf = (problems: FieldErrors, field: string) =>
  problems[field] ? html`<p class="error" id="${errorId(field)}">${problems[field]}</p>` : null;
/** aria-describedby of a field: its hint and its errors. */
const describedBy = (ids: Array<string | undefined>) => {
  const present = ids.filter((id) => id !== undefined);
  return present.length ? html` aria-describedby="${present.join(' ')}"` : null;
};
const invalid = (errors: string[]) => (errors.length ? html` aria-invalid="true"` : null);

function textField(
  { form, problems }: { form: CheckInForm; problems: FieldErrors },
  field: 'firstName' | 'phoneNumber' | 'email',
  label: string,
  attributes: Html,
  hint?: string,
) {
  // "Neither a phone number nor an email" is an error of both fields.
  const errors = (field === 'firstName' ? [field] : [field, 'reach']).filter((name) => problems[name]);
  return html`<div class="field">
<label for="${field}">${label}</label>
<input id="${field}" name="${field}" value="${form[field]}" maxlength="${CHECK_IN_FIELD_MAX[field]}"${attributes}${invalid(errors)}${describedBy([hint, ...errors.map(errorId)])}>
${errorOf(problems, field)}
</div>`;
}

/** The form, empty or as sent with its problems. */
export function checkInPage(businessName: string, slug: string, state: CheckInPageState, nonce: string): string {
  const form = state.form ?? { firstName: '', phoneNumber: '', email: '', consent: false };
  const problems = state.problems ?? {};
  const fields = { form, problems };
  const consentErrors = problems.consent ? ['consent'] : [];
  const content = html`<p class="business">${businessName}</p>
<h1>${texts.title(businessName)}</h1>
<p>${texts.intro}</p>
${Object.keys(problems).length ? html`<p class="summary error" role="alert">${texts.correct}</p>` : null}
<form method="post" action="${checkInPath(slug)}" novalidate>
<input type="hidden" name="token" value="${state.token}">
${textField(fields, 'firstName', 'First name', html` type="text" autocomplete="given-name" autocapitalize="words" aria-required="true"`)}
${textField(fields, 'phoneNumber', 'Phone number', html` type="tel" inputmode="tel" autocomplete="tel"`, 'reach-hint')}
${textField(fields, 'email', 'Email', html` type="email" inputmode="email" autocomplete="email" autocapitalize="off" spellcheck="false"`, 'reach-hint')}
<p class="hint" id="reach-hint">${texts.reachHint}</p>
${errorOf(problems, 'reach')}
<div class="consent">
<input type="checkbox" id="consent" name="consent" value="yes"${form.consent ? html` checked` : null}${invalid(consentErrors)}${describedBy(consentErrors.map(errorId))}>
<label for="consent">${texts.consent(businessName)}</label>
</div>
${errorOf(problems, 'consent')}
<div class="trap"><label for="${HONEYPOT_FIELD}">${texts.honeypot}</label><input id="${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>
<button type="submit">${texts.submit}</button>
</form>`;
  return page(texts.title(businessName), content, nonce);
}

export function checkedInPage(businessName: string, firstName: string, nonce: string): string {
  const content = html`<p class="business">${businessName}</p>
<h1>${texts.thanks(firstName)}</h1>
<p>${texts.checkedIn(businessName)}</p>`;
  return page(`${texts.thanks(firstName)} · ${businessName}`, content, nonce);
}

/** A post that is not a person's filling of this page (honeypot, no or a forged token, too fast or too late). */
export function refusedPage(slug: string, nonce: string): string {
  const content = html`<h1>We could not check you in</h1>
<p>The form was sent too quickly, after too long, or incomplete. Please open the check-in page again and fill it in.</p>
<p><a class="button" href="${checkInPath(slug)}">Open the check-in page</a></p>`;
  return page('Check-in not sent', content, nonce);
}

export function tooManyPage(waitSeconds: number, nonce: string): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  const content = html`<h1>Too many check-ins</h1>
<p>This page has taken too many check-ins in the last hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or ask the staff to check you in.</p>`;
  return page('Too many check-ins', content, nonce);
}

export function notFoundPage(nonce: string): string {
  const content = html`<h1>This check-in page does not exist</h1>
<p>The link may be mistyped or no longer in use. Please ask the staff for the current one.</p>`;
  return page('Check-in page not found', content, nonce);
}
