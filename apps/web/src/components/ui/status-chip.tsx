import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';

/**
 * The colour roles of docs/design.md. A status is never colour alone: the chip always carries its
 * word, and the role only adds the tint (WCAG 1.4.1). Each role's text on its tint meets 4.5:1.
 */
export type StatusRole = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const ROLE_COLOR: Record<StatusRole, string> = {
  neutral: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  danger: 'red',
};

interface StatusChipProps {
  role: StatusRole;
  children: ReactNode;
  /** An icon from @tabler/icons-react, 14 px, before the word. */
  icon?: ReactNode;
}

/** A short status word ("Confirmed", "Waiting", "Overdue") as a tinted chip. */
export function StatusChip({ role, children, icon }: StatusChipProps) {
  return (
    <Badge
      className="app-status-chip"
      data-role={role}
      color={ROLE_COLOR[role]}
      variant="light"
      radius="sm"
      size="md"
      tt="none"
      leftSection={icon}
    >
      {children}
    </Badge>
  );
}
