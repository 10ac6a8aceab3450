import type { ReactNode } from 'react';

/**
 * A region that scrolls sideways on a narrow screen (a chart, a table wider than a phone). It is
 * focusable so keyboards can scroll it too (axe: scrollable-region-focusable), and named for
 * screen readers.
 */
export function ScrollsSideways({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scrolls-sideways" tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}
