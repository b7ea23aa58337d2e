import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import { ActionIcon, Avatar, Badge, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderAppointment } from '@app/contracts/provider-schedule';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../appointments/components/confirm-dialog.tsx';
import { joinWaitlist } from '../../appointments/api/join-waitlist.ts';
import {
  cancelClinicAppointment,
  checkInAppointment,
  sendCheckInLink,
  sendReminder,
} from '../api/appointment-actions.ts';
import { SCHEDULE_KEY } from '../api/get-schedule.ts';
import { VideoCallStatusBadge } from './video-call-status.tsx';
import { VideoJoinLink } from './video-join-link.tsx';
import { dollars, showsCheckInButton, showsQuickLinkButton, timeOf } from '../schedule-rules.ts';

interface RowProps {
  appointment: ProviderAppointment;
  clinicId: string;
  /** The row's day is today (quick check-in) or later (QuickPrep). */
  day: 'past' | 'today' | 'future';
  canOpenPatient: boolean;
  quickPrepModule: boolean;
}

function TypeIcon({ type }: { type: ProviderAppointment['type'] }) {
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

/** spec 3 §2 one schedule row with every element the spec lists, and the §4 button rules. */
export function AppointmentRow({ appointment, clinicId, day, canOpenPatient, quickPrepModule }: RowProps) {
  const { t } = useTranslation('providerSchedule');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [SCHEDULE_KEY] });
  const id = appointment.appointmentId;
  const checkIn = useMutation({ mutationFn: () => checkInAppointment(clinicId, id), onSuccess: refresh });
  const reminder = useMutation({ mutationFn: () => sendReminder(clinicId, id), onSuccess: refresh });
  const quickLink = useMutation({ mutationFn: () => sendCheckInLink(clinicId, id), onSuccess: refresh });
  const waitlist = useMutation({ mutationFn: () => joinWaitlist(clinicId, id), onSuccess: refresh });
  const cancel = useMutation({
    mutationFn: () => cancelClinicAppointment(clinicId, id),
    onSuccess: async () => {
      setConfirming(false);
      await refresh();
    },
  });
  const reminderSent = appointment.reminderSentAt !== null || reminder.isSuccess;
  const quickLinkAllowed = showsQuickLinkButton(appointment);
  const headingId = `appointment-${id}`;

  let visit: React.ReactNode = null;
  if (checkIn.isPending) {
    visit = <span className="schedule-row__status">{t('checkInProgress')}</span>;
  } else if (appointment.visitStatus === 'check-in') {
    visit = <span className="schedule-row__status schedule-row__status--done">{t('checkedIn')}</span>;
  } else if (showsCheckInButton(appointment)) {
    visit = (
      <Button
        onClick={() => {
          checkIn.mutate();
        }}
      >
        {t('checkIn')}
      </Button>
    );
  }

  return (
    <li className="schedule-row" aria-labelledby={headingId}>
      <div className="schedule-row__time">
        <strong>{timeOf(appointment.appointmentStartAt)}</strong>
        <span className="schedule-row__zone">{appointment.timezone}</span>
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
              date: `${appointment.lastQuickLinkSentAt.slice(0, 10)} ${timeOf(appointment.lastQuickLinkSentAt)}`,
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
        {visit}
        <VideoJoinLink appointment={appointment} />
        {day === 'today' && quickLinkAllowed ? (
          <Button
            variant="outline"
            disabled={quickLink.isPending || quickLink.isSuccess}
            onClick={() => {
              quickLink.mutate();
            }}
          >
            {quickLink.isSuccess ? t('quickCheckInSent') : t('quickCheckIn')}
          </Button>
        ) : null}
        {day === 'future' && quickPrepModule && quickLinkAllowed ? (
          <Button
            variant="outline"
            disabled={quickLink.isPending || quickLink.isSuccess}
            onClick={() => {
              quickLink.mutate();
            }}
          >
            {quickLink.isSuccess ? t('quickPrepSent') : t('quickPrep')}
          </Button>
        ) : null}
        {day !== 'past' ? (
          <Button
            variant="outline"
            disabled={reminderSent}
            loading={reminder.isPending}
            onClick={() => {
              reminder.mutate();
            }}
          >
            {reminderSent ? t('sent') : t('sendReminder')}
          </Button>
        ) : null}
        {appointment.isInWaitList ? (
          <Badge color="dark" variant="light">
            {t('inWaitlist')}
          </Badge>
        ) : appointment.canJoinWaitList ? (
          <Button
            variant="outline"
            loading={waitlist.isPending}
            onClick={() => {
              waitlist.mutate();
            }}
          >
            {t('addToWaitlist')}
          </Button>
        ) : null}
        {appointment.isCancellable ? (
          <Tooltip label={t('cancel')} withArrow>
            <ActionIcon
              variant="subtle"
              color="dark"
              size="lg"
              aria-label={t('cancelAppointmentOf', { name: appointment.patientName })}
              onClick={() => {
                setConfirming(true);
              }}
            >
              <svg
                width="20"
                height="20"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </ActionIcon>
          </Tooltip>
        ) : null}
        {checkIn.isError || reminder.isError || quickLink.isError || waitlist.isError ? (
          <span role="alert" className="schedule-row__error">
            {t('actionFailed')}
          </span>
        ) : null}
      </div>
      <ConfirmDialog
        opened={confirming}
        title={t('cancelAppointmentOf', { name: appointment.patientName })}
        text={t('cancelConfirm')}
        yesLabel={t('cancelYes')}
        noLabel={t('cancelNo')}
        closeLabel={t('cancelNo')}
        busy={cancel.isPending}
        error={cancel.isError ? t('actionFailed') : null}
        onYes={() => {
          cancel.mutate();
        }}
        onNo={() => {
          setConfirming(false);
        }}
      />
    </li>
  );
}
