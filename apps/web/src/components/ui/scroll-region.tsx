import type { ReactNode } from 'react';

/**
 * A horizontally scrolling box for a wide table: focusable and named, so keyboard users can scroll it
 * (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </div>
  );
}
