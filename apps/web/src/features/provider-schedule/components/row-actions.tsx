import { ActionIcon, Badge, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { VideoJoinLink } from './video-join-link.tsx';
import { PatientCallAction } from '../../voice-calls/components/patient-call-action.tsx';
import { showsCheckInButton, showsQuickLinkButton } from '../schedule-rules.ts';

export interface RowActionsProps {
  appointment: ProviderAppointment;
  clinicId: string;
  /** The row's day is today (quick check-in) or later (QuickPrep, reminder). */
  day: 'past' | 'today' | 'future';
  quickPrepModule: boolean;
  /** The lists refetched after an action: the day schedule's, and the appointment list's there. */
  refreshKeys?: readonly string[];
}

/**
 * spec 3 §2 and §4 the actions of one appointment: check in (and its states), join the video call,
 * quick check-in or QuickPrep, reminder ("Sent"), waitlist, cancel with its confirmation. One
 * component for the day schedule and the appointment list (decision 0039), so both follow one rule set.
 */
export function RowActions({
  appointment,
  clinicId,
  day,
  quickPrepModule,
  refreshKeys = [SCHEDULE_KEY],
}: RowActionsProps) {
  const { t } = useTranslation('providerSchedule');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () =>
    Promise.all(refreshKeys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
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
    <>
      {visit}
      <VideoJoinLink appointment={appointment} />
      {/* Issue 17 item 4: the outbound dialer, shown only with the clinic's module (decision 0043). */}
      <PatientCallAction
        clinicId={clinicId}
        patientId={appointment.patientId}
        patientName={appointment.patientName}
      />
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
    </>
  );
}
