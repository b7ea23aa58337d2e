import { IconPointFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/ui/status-chip.tsx';

/** Unread messages as an info chip with a dot, its count in words (the colour alone carries no meaning). */
export function UnreadDot({ count }: { count: number }) {
  const { t } = useTranslation('messaging');
  return (
    <span data-testid="unread-dot">
      <StatusChip role="info" icon={<IconPointFilled size={14} aria-hidden="true" />}>
        {t('unread', { count })}
      </StatusChip>
    </span>
  );
}
