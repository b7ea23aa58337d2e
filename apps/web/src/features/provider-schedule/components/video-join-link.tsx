import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderAppointment } from '@app/contracts/provider-schedule';

/**
 * spec 3 §2 "video-call link/join" of a video visit, on the schedule and in the telehealth waiting
 * room, shown while the visit's video call is open (spec 2 §6 allowVideoCall).
 */
export function VideoJoinLink({ appointment }: { appointment: ProviderAppointment }) {
  const { t } = useTranslation('providerSchedule');
  if (appointment.type !== 'video_call' || !appointment.allowVideoCall) {
    return null;
  }
  return (
    <Link className="app-button app-button--outline" to={`/provider/video-call/${appointment.appointmentId}`}>
      {t('joinVideo')}
    </Link>
  );
}
