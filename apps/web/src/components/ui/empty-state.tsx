import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface EmptyStateProps {
  /** An icon from @tabler/icons-react (decorative: the title says it). */
  icon: ReactNode;
  title: string;
  text?: string;
  /** The next thing to do: a button or link ("Schedule a visit"). */
  action?: ReactNode;
  /** The heading level in the page's outline; 2 by default. */
  order?: 2 | 3 | 4;
}

/** An empty list says why it is empty and offers the next action (docs/design.md). */
export function EmptyState({ icon, title, text, action, order = 2 }: EmptyStateProps) {
  return (
    <Stack className="app-empty-state" align="center" gap="xs" py="lg" px="md" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={order} size="h4">
        {title}
      </Title>
      {text ? (
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
