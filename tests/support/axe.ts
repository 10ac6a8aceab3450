import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Serious and critical axe violations of what the page shows now, one line each. It waits for
 * transitions under way (a button turning enabled) and closing select dropdowns to end: their
 * in-between colours are not what anyone reads, and antd's open dropdown marks its options with
 * aria-selected without a role (its screen-reader listbox is a separate, hidden one).
 */
export async function seriousViolations(page: Page) {
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' }).catch(() => undefined);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // Spinners turn for ever; only transitions that end matter.
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
}
