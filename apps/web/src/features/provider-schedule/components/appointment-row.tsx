import { Avatar, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderAppointment } from '@app/contracts/provider-schedule';
import { RowActions } from './row-actions.tsx';
import { TypeIcon } from './type-icon.tsx';
import { VideoCallStatusBadge } from './video-call-status.tsx';
import { dollars } from '../schedule-rules.ts';
import { formatInstant, formatZoned, zoneSuffix } from '../../../lib/dates/format-time.ts';

interface RowProps {
  appointment: ProviderAppointment;
  clinicId: string;
  /** The row's day is today (quick check-in) or later (QuickPrep). */
  day: 'past' | 'today' | 'future';
  canOpenPatient: boolean;
  quickPrepModule: boolean;
}

/** spec 3 §2 one schedule row with every element the spec lists, and the §4 button rules. */
export function AppointmentRow({ appointment, clinicId, day, canOpenPatient, quickPrepModule }: RowProps) {
  const { t, i18n } = useTranslation('providerSchedule');
  const headingId = `appointment-${appointment.appointmentId}`;
  // The zone's short name ("EST") when the appointment's clock is not the viewer's (issue 18 item 4).
  const zone = zoneSuffix(appointment.timezone, appointment.appointmentStartAt, i18n.language);

  return (
    <li className="schedule-row" aria-labelledby={headingId}>
      <div className="schedule-row__time">
        <strong>
          {formatZoned(appointment.appointmentStartAt, appointment.timezone, {
            language: i18n.language,
            style: 'time',
            zoneName: 'never',
          })}
        </strong>
        {zone ? <span className="schedule-row__zone">{zone}</span> : null}
        <TypeIcon type={appointment.type} />
      </div>
      <div className="schedule-row__who">
        <h3 id={headingId} className="schedule-row__patient">
          {canOpenPatient ? (
            <Link to={`/provider/patient/${appointment.patientId}`}>{appointment.patientName}</Link>
          ) : (
            appointment.patientName
          )}
        </h3>
        <div className="schedule-row__meta">
          <span>{appointment.appointmentTitle}</span>
          <span>
            {appointment.locationName
              ? `${appointment.locationName} · ${appointment.departmentName}`
              : appointment.departmentName}
          </span>
        </div>
        <div className="schedule-row__doctor">
          <Avatar src={appointment.doctorImage} alt="" size="sm" radius="xl" />
          <span>
            {appointment.doctorName}
            {appointment.doctorTitle ? `, ${appointment.doctorTitle}` : ''}
          </span>
        </div>
        {appointment.patientStatus ? (
          <Badge variant="outline" color="dark">
            {t(`patientStatus_${appointment.patientStatus}`)}
          </Badge>
        ) : null}
        <VideoCallStatusBadge status={appointment.videoCallStatus} />
        {appointment.lastQuickLinkSentAt ? (
          <div className="schedule-row__note">
            {t('lastQuickLink', {
              date: formatInstant(appointment.lastQuickLinkSentAt, { language: i18n.language }),
            })}
          </div>
        ) : null}
        {appointment.patientBalance !== null ? (
          <div className="schedule-row__note">
            {t('balance', { amount: dollars(appointment.patientBalance) })}
          </div>
        ) : null}
      </div>
      <div className="schedule-row__actions">
        <RowActions
          appointment={appointment}
          clinicId={clinicId}
          day={day}
          quickPrepModule={quickPrepModule}
        />
      </div>
    </li>
  );
}
