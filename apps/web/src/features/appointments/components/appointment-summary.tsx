import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { summaryHeading } from '../appointment-rules.ts';
import { AppointmentLoader } from './appointment-loader.tsx';
import { AppointmentView, type StartTime } from './appointment-view.tsx';
import { useViewer } from './use-viewer.ts';

/**
 * spec 2 §2 "Summary and details": the summary step of the booking flow
 * (/user/appointment/create/summary?appointmentId&startAt&failedStartAt&status, and the provider's
 * /provider/patient/{patientId}/appointments/create/summary). startAt and failedStartAt may repeat
 * (recurring booking, spec 2 §4); status is 'scheduled', 'rescheduled' or 'confirmed'.
 */
export function AppointmentSummary() {
  const { t } = useTranslation('appointments');
  const [params] = useSearchParams();
  const viewer = useViewer();
  const config = useAppConfig();
  const booked = params.getAll('startAt').filter(Boolean);
  const failed = params.getAll('failedStartAt').filter(Boolean);
  return (
    <AppointmentLoader appointmentId={params.get('appointmentId')}>
      {(appointment) => {
        const times: StartTime[] = [
          ...(booked.length > 0 ? booked : [appointment.startAt]).map((startAt) => ({
            startAt,
            failed: false,
          })),
          ...failed.map((startAt) => ({ startAt, failed: true })),
        ].sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
        return (
          <AppointmentView
            appointment={appointment}
            viewer={viewer}
            variant={config.variant}
            heading={t(`heading.${summaryHeading(params.get('status'), appointment.confirmedAt)}`)}
            startTimes={times}
          />
        );
      }}
    </AppointmentLoader>
  );
}
