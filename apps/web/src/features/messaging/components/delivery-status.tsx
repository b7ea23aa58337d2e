import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '@app/contracts/messaging';

const COLOURS: Record<DeliveryStatus, string> = {
  queued: '#495057',
  // Dark enough for 4.5:1 also on the grey panels of the patient view (WCAG 2.1 AA).
  sent: '#1b5e20',
  failed: '#c92a2a',
  'opted-out': '#c92a2a',
  'no-phone': '#c92a2a',
};

/** A recipient's delivery state in words (queued, sent, failed, opted out, no mobile phone). */
export function DeliveryStatusText({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation('messaging');
  return (
    <Text span size="sm" fw={600} c={COLOURS[status]} data-status={status}>
      {t(`status_${status}`)}
    </Text>
  );
}
