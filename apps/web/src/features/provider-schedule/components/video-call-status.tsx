import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VideoCallStatus } from '@app/contracts/video-call';
import { StatusChip, type StatusRole } from '../../../components/ui/status-chip.tsx';

// Issue 7 item 7: the room's state on the schedule and the telehealth waiting room. The server
// publishes 'waiting-room.changed' on every change, so these rows refetch within a second. Status
// chips of the design system (decision 0052): a waiting patient needs the provider (warning), a call
// under way is fine (success), a patient who left or a visit that ended is information only.
const ROLES: Record<NonNullable<VideoCallStatus>, StatusRole> = {
  'patient-waiting': 'warning',
  'in-call': 'success',
  'patient-left': 'neutral',
  ended: 'neutral',
};

export function VideoCallStatusBadge({ status }: { status: VideoCallStatus }) {
  const { t } = useTranslation('providerSchedule');
  if (!status) {
    return null;
  }
  const text = t(`videoCallStatus_${status}`);
  return (
    <StatusChip role={ROLES[status]} icon={<IconVideo size={14} aria-hidden="true" focusable="false" />}>
      {/* Read as "Video visit: Patient waiting"; on screen the camera icon says "video visit". */}
      <span className="app-visually-hidden">{t('videoCallPrefix')} </span>
      {text}
    </StatusChip>
  );
}
