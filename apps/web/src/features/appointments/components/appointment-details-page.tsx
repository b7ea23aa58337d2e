import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { AppointmentLoader } from './appointment-loader.tsx';
import { AppointmentView } from './appointment-view.tsx';
import { useViewer } from './use-viewer.ts';

/** spec 2 §2 /user/appointment/{id}: the details share the summary's view (spec 2 §2 "Summary and details"). */
export function AppointmentDetailsPage() {
  const { t } = useTranslation('appointments');
  const { appointmentId } = useParams();
  const viewer = useViewer();
  const config = useAppConfig();
  return (
    <AppointmentLoader appointmentId={appointmentId ?? null}>
      {(appointment) => (
        <AppointmentView
          appointment={appointment}
          viewer={viewer}
          variant={config.variant}
          heading={t('details.title')}
          startTimes={[{ startAt: appointment.startAt, failed: false }]}
        />
      )}
    </AppointmentLoader>
  );
}
