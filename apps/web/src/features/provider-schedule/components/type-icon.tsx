import { useTranslation } from 'react-i18next';
import type { ProviderAppointment } from '@app/contracts/provider-schedule';

/** spec 3 §2 the row's type icon: a camera for a video call, a house for an office visit. */
export function TypeIcon({ type }: { type: ProviderAppointment['type'] }) {
  const { t } = useTranslation('providerSchedule');
  const label = type === 'video_call' ? t('videoCall') : t('office');
  return (
    <svg
      role="img"
      aria-label={label}
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <title>{label}</title>
      {type === 'video_call' ? (
        <path d="M3 6h12v12H3zM15 10l6-3v10l-6-3" />
      ) : (
        <path d="M4 10l8-6 8 6v10H4zM10 20v-6h4v6" />
      )}
    </svg>
  );
}
