import { parse, type DefaultTreeAdapterTypes, type ParserError } from 'parse5';
import { describe, expect, it } from 'vitest';
import { campaignEmailHtml, campaignEmailText, starUrl, type CampaignEmailInput } from '../../server/sending/campaign-email';
import { notFoundPage, reviewPage, thanksPage } from '../../server/reviews/page';
import { FAVICON_PATH } from '../../server/lib/favicon';
import type { ReviewTarget } from '../../server/reviews/queries';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * Every HTML template the server sends (the campaign email, the review page, its thanks and
 * not-found pages), rendered with hostile values and read back with a real HTML parser (parse5,
 * the WHATWG algorithm browsers use): no parse error, no element or attribute that a value brought
 * in, and every value back as the text it was.
 */

const HOSTILE = {
  script: '<script>alert("x")</script>',
  quotes: `"double" and 'single' quotes`,
  ampersand: 'Café & Co &amp; &#60; &lt;b&gt;',
  rtl: '\u202Eevil.com\u202C and \u200Fמרק\u200E',
  breakout: '</title></style></p><!-- --> ]]> <img src=x onerror=alert(1)>',
};
const hostile = Object.values(HOSTILE).join(' | ');
const APP_URL = 'https://reviews.example.com';
const REVIEW_URL = `${APP_URL}/r/AbCdEfGhIjKlMnOpQrStUv`;
const UNSUBSCRIBE_URL = `${APP_URL}/api/unsubscribe/00000000-0000-4000-8000-000000000000`;

/** Parses `html` as a browser would, failing on any parse error. */
function parsed(html: string) {
  const errors: ParserError[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(error) });
  expect(errors.map((error) => `${error.code} at ${error.startLine}:${error.startCol}`)).toEqual([]);
  return document;
}

function elements(node: Node): Element[] {
  const children = 'childNodes' in node ? node.childNodes : [];
  const own = 'tagName' in node ? [node as Element] : [];
  const inTemplate = 'content' in node ? elements(node.content as unknown as Node) : [];
  return [...own, ...children.flatMap((child) => elements(child)), ...inTemplate];
}

const attr = (element: Element, name: string) => element.attrs.find((attribute) => attribute.name === name)?.value;

/** Text as a reader gets it: `<br>` as a line break. */
function text(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (node.nodeName === 'br') return '\n';
  return 'childNodes' in node ? node.childNodes.map(text).join('') : '';
}

/** Nothing a value brought in: no script, no embedded or remote resource, no event handler attribute. */
function expectNoActiveContent(document: DefaultTreeAdapterTypes.Document) {
  // The page's own icon is the one link it may have.
  const ownIcon = (element: DefaultTreeAdapterTypes.Element) =>
    element.tagName === 'link' && element.attrs.some(({ name, value }) => name === 'href' && value === FAVICON_PATH);
  const all = elements(document).filter((element) => !ownIcon(element));
  expect(all.map((element) => element.tagName).filter((tag) => ['script', 'img', 'iframe', 'object', 'embed', 'link', 'base', 'form'].includes(tag))).toEqual(
    all.some((element) => element.tagName === 'form') ? ['form'] : [],
  );
  for (const element of all) {
    for (const { name, value } of element.attrs) {
      expect(name, `${element.tagName}[${name}]`).not.toMatch(/^on|^src$|^srcset$|^background$/);
      expect(value, `${element.tagName}[${name}]`).not.toMatch(/url\(|javascript:/i);
    }
  }
}

describe('the campaign email (HTML part)', () => {
  const message = `Hi ${HOSTILE.script}, thanks for visiting ${HOSTILE.ampersand}!\n${HOSTILE.quotes}\n\n${HOSTILE.rtl}\nRate us: ${REVIEW_URL}.\n\n${HOSTILE.breakout}`;
  const input: CampaignEmailInput = {
    business: { name: hostile, postalAddress: `${HOSTILE.quotes}, 10115 ${HOSTILE.rtl}` },
    subject: `${HOSTILE.breakout} ${HOSTILE.ampersand}`,
    message,
    reviewUrl: REVIEW_URL,
    unsubscribeUrl: UNSUBSCRIBE_URL,
  };

  it('parses without error, with every hostile value back as text and nothing it could bring in', () => {
    const document = parsed(campaignEmailHtml(input));
    expectNoActiveContent(document);
    const all = elements(document);
    expect(text(all.find((element) => element.tagName === 'title')!)).toBe(input.subject);
    expect(text(all.find((element) => element.tagName === 'h1')!)).toBe(hostile);
    const paragraphs = all.filter((element) => element.tagName === 'p' && attr(element, 'dir') === 'auto');
    expect(paragraphs.map(text).join('\n\n')).toBe(message);
    const footer = all.find((element) => attr(element, 'class') === 'sb-muted')!;
    expect(text(footer)).toBe(`\nYou receive this email as a customer of ${hostile}. Unsubscribe\n\n${hostile}, ${input.business.postalAddress}\n`);
  });

  it('links only where it means to: the web address in the text, the five stars and the unsubscribe link', () => {
    const links = elements(parsed(campaignEmailHtml(input))).filter((element) => element.tagName === 'a');
    expect(links.map((link) => attr(link, 'href'))).toEqual([REVIEW_URL, ...[1, 2, 3, 4, 5].map((rating) => starUrl(REVIEW_URL, rating)), UNSUBSCRIBE_URL]);
    expect(starUrl(REVIEW_URL, 4)).toBe(`${REVIEW_URL}?rating=4`);
    const stars = links.filter((link) => attr(link, 'class') === 'sb-star');
    expect(stars.map((star) => [text(star), attr(star, 'aria-label')])).toEqual([
      ['★', '1 star: poor'],
      ['★', '2 stars'],
      ['★', '3 stars'],
      ['★', '4 stars'],
      ['★', '5 stars: excellent'],
    ]);
    // A message that is not a review request has no stars.
    const plain = elements(parsed(campaignEmailHtml({ ...input, message: 'See you soon!', reviewUrl: null }))).filter((element) => element.tagName === 'a');
    expect(plain.map((link) => attr(link, 'href'))).toEqual([UNSUBSCRIBE_URL]);
  });

  it('turns a web address into a link without the sentence punctuation after it, and nothing else into one', () => {
    const links = (body: string) =>
      elements(parsed(campaignEmailHtml({ ...input, message: body })))
        .filter((element) => element.tagName === 'a' && attr(element, 'class') !== 'sb-star')
        .map((link) => attr(link, 'href'))
        .slice(0, -1);
    expect(links('Menu: https://bakery.example/menu?day=1&x=2, then (https://bakery.example/a).')).toEqual([
      'https://bakery.example/menu?day=1&x=2',
      'https://bakery.example/a',
    ]);
    expect(links('javascript:alert(1) and ftp://x.example and https://q.example/"><script>')).toEqual(['https://q.example/']);
  });

  it('declares its colour schemes and restyles text and background in dark mode', () => {
    const document = parsed(campaignEmailHtml(input));
    const all = elements(document);
    expect(all.filter((element) => element.tagName === 'meta').map((meta) => [attr(meta, 'name'), attr(meta, 'content')])).toEqual(
      expect.arrayContaining([
        ['color-scheme', 'light dark'],
        ['supported-color-schemes', 'light dark'],
      ]),
    );
    const css = text(all.find((element) => element.tagName === 'style')!);
    const dark = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
    expect(dark).toMatch(/\.sb-body \{ background: #\w+ !important; color: #\w+ !important; \}/);
    expect(dark).toMatch(/\.sb-card \{ background: #\w+ !important; color: #\w+ !important; \}/);
  });

  it('stays under 30 KB with a long message (4,000 characters) made of characters that escaping lengthens', () => {
    const long = '<&>"\' '.repeat(700).slice(0, 4000);
    const html = campaignEmailHtml({ ...input, message: long });
    expect(Buffer.byteLength(html)).toBeLessThan(30_000);
    // The template itself (all but the message) is a few KB.
    expect(Buffer.byteLength(campaignEmailHtml({ ...input, message: 'Hi' }))).toBeLessThan(6_000);
  });

  it('the text part is the message as before, then the unsubscribe link and the postal address', () => {
    expect(campaignEmailText(input)).toBe(
      `${message}\n\n--\nTo stop receiving these emails, unsubscribe: ${UNSUBSCRIBE_URL}\n${hostile}, ${input.business.postalAddress}\n`,
    );
  });
});

describe('the review page', () => {
  const target: ReviewTarget = {
    deliveryId: 1,
    campaignId: 1,
    businessId: 1,
    businessName: hostile,
    sites: [
      { name: HOSTILE.script, url: 'https://g.page/r/x' },
      { name: HOSTILE.rtl, url: 'https://yelp.example/x' },
    ],
    rating: 4,
  };
  const token = 'AbCdEfGhIjKlMnOpQrStUv';

  it('parses without error with hostile names, the chosen star pressed, every site a link, and the values back as text', () => {
    const document = parsed(reviewPage(token, target, { csrf: HOSTILE.quotes, message: HOSTILE.breakout, error: HOSTILE.script }, 'nonce"x'));
    expectNoActiveContent(document);
    const all = elements(document);
    expect(text(all.find((element) => attr(element, 'class') === 'business')!)).toBe(hostile);
    const stars = all.filter((element) => element.tagName === 'button' && attr(element, 'name') === 'rating');
    expect(stars.map((star) => [attr(star, 'value'), attr(star, 'aria-pressed'), attr(star, 'formaction')])).toEqual(
      [1, 2, 3, 4, 5].map((value) => [String(value), String(value === 4), `/r/${token}/rating`]),
    );
    expect(all.filter((element) => element.tagName === 'a').map((link) => [attr(link, 'href'), text(link)])).toEqual([
      [`/r/${token}/go/1`, `Review us on ${HOSTILE.script}`],
      [`/r/${token}/go/2`, `Review us on ${HOSTILE.rtl}`],
    ]);
    expect(text(all.find((element) => element.tagName === 'textarea')!)).toBe(HOSTILE.breakout);
    expect(attr(all.find((element) => attr(element, 'name') === 'csrf')!, 'value')).toBe(HOSTILE.quotes);
    expect(text(all.find((element) => attr(element, 'role') === 'alert')!)).toBe(HOSTILE.script);
  });

  it('the thanks and not-found pages parse without error too', () => {
    for (const html of [thanksPage(token, target, 'n'), notFoundPage('n')]) expectNoActiveContent(parsed(html));
    expect(text(parsed(thanksPage(token, target, 'n')))).toContain(`Your message went to ${hostile} only.`);
  });
});
