import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens are lazily loaded chunks; the first render of one can take longer than the 1 s default
// (over 5 s on a busy 2-core machine). A ceiling for waiting, not a time any test asserts.
configure({ asyncUtilTimeout: 15_000 });

/** The viewport width antd's breakpoints see; tests of the small-screen layout change it. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}
setViewportWidth(1280);

// jsdom has no layout: answer min/max-width media queries from the configured width.
window.matchMedia = (query: string) => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  // Width queries follow the window; any other (prefers-reduced-motion...) is a default browser's: false.
  const matches = Boolean(min || max) && (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
};

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverShim as unknown as typeof ResizeObserver;

// antd measures scrollbars through getComputedStyle with a pseudo element, which jsdom rejects.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
