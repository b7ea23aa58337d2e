import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import type { StatusRole } from './status-roles.ts';

export type { StatusRole } from './status-roles.ts';

interface StatusChipProps {
  role: StatusRole;
  children: ReactNode;
  /** An icon from @tabler/icons-react, 14 px, before the word (decorative: aria-hidden). */
  icon?: ReactNode;
}

/**
 * A short status word ("Confirmed", "Waiting", "Overdue") as a tinted chip. A status is never colour
 * alone: the chip always carries its word, and the role only adds the tint (WCAG 1.4.1). The role's
 * text and surface tokens (app.css, docs/design.md) read at 7:1 or more.
 */
export function StatusChip({ role, children, icon }: StatusChipProps) {
  return (
    <Badge
      className="app-status-chip"
      data-role={role}
      variant="light"
      radius="sm"
      size="lg"
      tt="none"
      fw={600}
      leftSection={icon}
      styles={{
        root: {
          background: `var(--app-${role}-surface)`,
          color: `var(--app-${role}-text)`,
          border: `1px solid color-mix(in srgb, var(--app-${role}-border) 35%, transparent)`,
          fontSize: 'var(--mantine-font-size-sm)',
          height: 'auto',
          paddingBlock: '0.125rem',
        },
      }}
    >
      {children}
    </Badge>
  );
}
