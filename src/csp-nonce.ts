/**
 * The Content-Security-Policy nonce the server put into index.html (see vite.config.ts): antd
 * gives it to the <style> elements it injects, which the policy allows only with it.
 */
export const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

/**
 * rc-util, under antd, adds <style> elements of its own (locking the page's scroll under a dialog,
 * measuring the scrollbar) without antd's `csp`: every style element this page creates gets the
 * nonce, so the policy needs no 'unsafe-inline'. Markup injected into the page still has none.
 */
export function giveStyleElementsTheNonce() {
  if (!cspNonce) return;
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = cspNonce!;
    return element;
  } as typeof createElement;
}
