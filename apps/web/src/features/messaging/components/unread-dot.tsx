import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The red dot of unread messages, with its count in words (the colour alone carries no meaning). */
export function UnreadDot({ count }: { count: number }) {
  const { t } = useTranslation('messaging');
  return (
    <Group gap={6} wrap="nowrap" data-testid="unread-dot">
      <span
        aria-hidden="true"
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: '#c92a2a',
        }}
      />
      <Text size="sm" c="#c92a2a" fw={600}>
        {t('unread', { count })}
      </Text>
    </Group>
  );
}
