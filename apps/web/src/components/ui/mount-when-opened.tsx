import { Suspense, useState, type ReactNode } from 'react';

interface MountWhenOpenedProps {
  opened: boolean;
  children: ReactNode;
}

/**
 * Renders a dialog or drawer from the first time it opens, and nothing before (decision 0074).
 * Mantine's Modal and Drawer bring ScrollArea, focus trapping, scroll locking and the floating-ui
 * library with them (about 30 kB gzipped); a screen that only may open one loads it lazily through
 * this, so the first screen does not pay for a dialog nobody has asked for yet. Once mounted it stays,
 * so closing runs as Mantine's own (focus goes back to what opened it).
 */
export function MountWhenOpened({ opened, children }: MountWhenOpenedProps) {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) {
    // Set during render, as React's docs advise for state derived from a prop: no extra effect pass.
    setWasOpened(true);
  }
  return wasOpened || opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
