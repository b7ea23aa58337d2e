import type { ReactNode } from 'react';
import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface EmptyStateProps {
  /** An icon from @tabler/icons-react (decorative: the title or text says it). */
  icon: ReactNode;
  /** What is empty ("No messages yet"); a section's empty state may leave it to its text. */
  title?: string;
  text?: string;
  /** The next thing to do: a button or link ("Schedule a visit"). */
  action?: ReactNode;
  /** The heading level in the page's outline; 2 by default. */
  order?: 2 | 3 | 4;
  /**
   * 'page' (default): centred, the list is the screen. 'section': one row inside a section that has
   * its own heading (documents: signed, cards, appointments).
   */
  size?: 'page' | 'section';
}

/** An empty list says why it is empty and offers the next action (docs/design.md "Empty states"). */
export function EmptyState({ icon, title, text, action, order = 2, size = 'page' }: EmptyStateProps) {
  const heading = title ? (
    <Title order={order} size={size === 'page' ? 'h4' : 'h5'}>
      {title}
    </Title>
  ) : null;
  const body = text ? (
    <Text c={title ? 'dimmed' : undefined} maw={size === 'page' ? 420 : undefined}>
      {text}
    </Text>
  ) : null;
  if (size === 'section') {
    return (
      <Group
        className="app-empty-state app-empty-state--section"
        align="flex-start"
        wrap="nowrap"
        gap="sm"
        p="md"
      >
        <ThemeIcon size={36} radius="xl" variant="light" aria-hidden="true" style={{ flex: 'none' }}>
          {icon}
        </ThemeIcon>
        <Stack gap="xs" align="flex-start" style={{ minWidth: 0 }}>
          {heading}
          {body}
          {action}
        </Stack>
      </Group>
    );
  }
  return (
    <Stack className="app-empty-state" align="center" gap="xs" py="lg" px="md" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      {heading}
      {body}
      {action}
    </Stack>
  );
}
