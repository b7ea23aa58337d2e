import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VideoCallStatus } from '@app/contracts/video-call';

// Issue 7 item 7: the room's state on the schedule and the telehealth waiting room. The server
// publishes 'waiting-room.changed' on every change, so these rows refetch within a second. Outline
// badges in dark shades: Mantine's green.9 and orange.9 are under 4.5:1 on white at badge size.
const COLORS: Record<NonNullable<VideoCallStatus>, string> = {
  'patient-waiting': '#8a3300',
  'in-call': '#1b5e20',
  'patient-left': '#343a40',
  ended: '#343a40',
};

export function VideoCallStatusBadge({ status }: { status: VideoCallStatus }) {
  const { t } = useTranslation('providerSchedule');
  if (!status) {
    return null;
  }
  const text = t(`videoCallStatus_${status}`);
  return (
    <Badge variant="outline" color={COLORS[status]} aria-label={t('videoCallStatusLabel', { status: text })}>
      {text}
    </Badge>
  );
}
