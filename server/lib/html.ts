/**
 * HTML built from parts: `html` escapes every value put into it unless that value is markup `html`
 * built itself, so no text reaches a page or an email unescaped by mistake.
 */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Markup made by `html` (already escaped where it holds values). */
export class Html {
  constructor(readonly markup: string) {}
  toString() {
    return this.markup;
  }
}

/** What a template may hold: text (escaped), numbers, markup, lists of them; null, undefined and false add nothing. */
export type HtmlValue = string | number | Html | null | undefined | false | readonly HtmlValue[];

const markupOf = (value: HtmlValue): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(markupOf).join('');
  return escapeHtml(String(value));
};

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  return new Html(strings.reduce((markup, part, index) => markup + markupOf(values[index - 1] ?? null) + part));
}
