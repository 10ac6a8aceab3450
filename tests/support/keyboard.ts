import type { Locator, Page } from 'playwright-core';

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails when it is
 * not reached within `max` presses (so a control missing from the Tab order is caught).
 */
export async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} was not reached with ${max} presses of Tab`);
}

/** Presses an arrow key (in a menu, a radio group...) until `target` has focus. */
export async function arrowTo(page: Page, target: Locator, { key = 'ArrowDown', max = 20 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target} was not reached with ${max} presses of ${key}`);
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Opens an antd select from the keyboard and picks the option with this text with the arrow keys and Enter. */
export async function pickOption(page: Page, select: Locator, option: string) {
  await tabTo(page, select);
  await page.keyboard.press('ArrowDown');
  // The option the arrows are on, as the combobox tells assistive technology (aria-activedescendant).
  const active = () =>
    select.evaluate((input) => {
      const id = input.getAttribute('aria-activedescendant');
      const element = id ? document.getElementById(id) : null;
      return element?.getAttribute('aria-label') ?? element?.textContent ?? '';
    });
  for (let step = 0; step < 30; step += 1) {
    if ((await active()).trim() === option) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`option "${option}" not reached with the arrow keys`);
}

/** What has focus, for messages. */
export const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element ? `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}` : 'nothing';
  });
