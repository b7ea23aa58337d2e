import { useState } from 'react';
import { Alert, Anchor, Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconTrash } from '@tabler/icons-react';
import type { Appointment } from '@app/contracts/appointments';
import type { AppVariant } from '@app/contracts/variants';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { StatusChip } from '../../../components/ui/status-chip.tsx';
import { appointmentStatusRole } from '../../../components/ui/status-roles.ts';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { downloadStoredFile } from '../../../lib/api/stored-file.ts';
import { errorText } from '../../account-settings/error-text.ts';
import {
  allAppointmentsPath,
  canCancel,
  canConvertToTelehealth,
  isWaitlistLinkShown,
  mapSearchUrl,
  repeatsVisitKind,
  reschedulePath,
  videoCallPath,
  type Viewer,
} from '../appointment-rules.ts';
import { cancelAppointment } from '../api/cancel-appointment.ts';
import { convertToTelehealth } from '../api/convert-to-telehealth.ts';
import { downloadCalendar } from '../api/download-calendar.ts';
import { APPOINTMENTS_PATH } from '../api/get-appointment.ts';
import { joinWaitlist } from '../api/join-waitlist.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { formatZoned } from '../../../lib/dates/format-time.ts';

export interface StartTime {
  startAt: string;
  /** spec 2 §4 recurring booking: a slot whose create failed is shown red (and said in words). */
  failed: boolean;
}

interface AppointmentViewProps {
  appointment: Appointment;
  viewer: Viewer;
  variant: AppVariant;
  heading: string;
  startTimes: StartTime[];
}

/** The start time in the appointment's own zone, with the zone's short name when not the viewer's. */
export function formatStart(startAt: string, zone: string, language: string): string {
  return formatZoned(startAt, zone, { language, style: 'full' });
}

/** The server's message of a failed call; the calendar download throws it as a plain Error. */
function failureText(error: Error): string {
  return isApiRequestError(error) ? errorText(error) : error.message;
}

export function addressText(appointment: Appointment): string | null {
  const address = appointment.address;
  if (!address) {
    return null;
  }
  // The line is usually the whole printed address already ('120 River Road, Albany, NY 12207'); city
  // and state are added only when it lacks them.
  const extra = [address.city, address.state].filter(
    (part): part is string => !!part?.trim() && !address.line.includes(part),
  );
  return [address.line, ...extra].filter((part) => part.trim()).join(', ');
}

/**
 * spec 2 §2 "Summary and details": one view for the booking summary and the appointment details, for
 * patients and for providers (§6 provider extras).
 */
export function AppointmentView({ appointment, viewer, variant, heading, startTimes }: AppointmentViewProps) {
  const { t, i18n } = useTranslation('appointments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'cancel' | 'convert' | null>(null);
  const [inWaitlist, setInWaitlist] = useState(appointment.isInWaitList);
  const [notice, setNotice] = useState<string | null>(null);
  const meta = { url: APPOINTMENTS_PATH, errorBanner: false };

  const cancel = useMutation({
    mutationFn: () => cancelAppointment(appointment.id),
    meta,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_PATH] });
      // spec 2 §4 Cancel: the user lands on /user/appointment (providers: the patient's appointments).
      await navigate(allAppointmentsPath(viewer, appointment.patientId));
    },
  });
  const waitlist = useMutation({
    mutationFn: () => joinWaitlist(appointment.clinicUuid, appointment.id),
    meta,
    onSuccess: (answer) => {
      setInWaitlist(answer.isInWaitList);
      void queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_PATH] });
    },
  });
  const convert = useMutation({
    mutationFn: () => convertToTelehealth(appointment.id),
    meta,
    onSuccess: (converted) => {
      queryClient.setQueryData([APPOINTMENTS_PATH, appointment.id], converted);
      setDialog(null);
      setNotice(t('convert.done'));
    },
  });
  const calendar = useMutation({ mutationFn: () => downloadCalendar(appointment.id), meta });
  const attachmentDownload = useMutation({
    mutationFn: (attachment: Appointment['attachments'][number]) =>
      downloadStoredFile(attachment.href, attachment.fileName),
    meta,
  });

  // Issue 18: a telehealth visit has no place to go to (no address, no map) and says 'Telehealth
  // visit' once, even when that is also its consultation type's title.
  const telehealth = appointment.type === 'video_call';
  const address = telehealth ? null : addressText(appointment);
  const title = appointment.consultationTypeTitle || appointment.clinicName;
  const kind = t(telehealth ? 'details.telehealth' : 'details.officeVisit');
  const kindShown = !repeatsVisitKind(title, [kind]);
  const video = videoCallPath(appointment, viewer);
  const cancelShown = canCancel(appointment, viewer);
  const waitlistShown = isWaitlistLinkShown(appointment);
  const convertShown = canConvertToTelehealth(appointment, viewer, variant);
  const live = appointment.status !== 'cancelled' && appointment.status !== 'completed';
  const waitlistLabel =
    viewer === 'provider'
      ? t(inWaitlist ? 'waitlist.added' : 'waitlist.add')
      : t(inWaitlist ? 'waitlist.joined' : 'waitlist.join');
  const taskPath = `/user/task?appointmentId=${encodeURIComponent(appointment.id)}`;
  const sideError = waitlist.error ?? calendar.error ?? attachmentDownload.error;
  // Issue 16: the patient adds documents to an upcoming visit (the documents screen holds the form).
  const addDocumentShown = viewer === 'patient' && live && appointment.isPreCheckIn;

  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>{heading}</PageTitle>
      {notice ? (
        <Alert color="teal" role="status">
          {notice}
        </Alert>
      ) : null}
      {appointment.status === 'cancelled' ? (
        <Alert color="gray" role="status">
          {t('details.cancelled')}
        </Alert>
      ) : null}

      <Paper withBorder p="md">
        <Group align="flex-start" wrap="nowrap">
          <Avatar
            src={appointment.doctorImage}
            alt={t('details.avatarAlt', { name: appointment.doctorName })}
            size="lg"
            radius="xl"
          >
            {appointment.doctorName.slice(0, 1)}
          </Avatar>
          <Stack gap={4}>
            <Group gap="sm" align="center">
              <Title order={2} size="h3">
                {appointment.doctorName}
              </Title>
              <StatusChip role={appointmentStatusRole(appointment.status)}>
                {t(`list.status.${appointment.status}`)}
              </StatusChip>
            </Group>
            {!telehealth && appointment.address?.city ? <Text>{appointment.address.city}</Text> : null}
            <Text>{title}</Text>
            {kindShown ? (
              <Text size="sm" c="gray.8">
                {kind}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Paper>

      <section aria-labelledby="appointment-times-title">
        <Title order={2} size="h4" id="appointment-times-title">
          {t('details.times')}
        </Title>
        <ul style={{ paddingInlineStart: '1.25rem' }} aria-labelledby="appointment-times-title">
          {startTimes.map((time) => (
            <li key={`${time.startAt}-${String(time.failed)}`}>
              {time.failed ? (
                // Red and said in words: colour alone does not reach every reader (WCAG 1.4.1).
                <Text span c="red.9" fw={700}>
                  {formatStart(time.startAt, appointment.timezone, i18n.language)} — {t('details.notBooked')}
                </Text>
              ) : (
                <Text span>{formatStart(time.startAt, appointment.timezone, i18n.language)}</Text>
              )}
            </li>
          ))}
        </ul>
      </section>

      {appointment.appointmentComment ? (
        <section aria-labelledby="appointment-reason-title">
          <Title order={2} size="h4" id="appointment-reason-title">
            {t('details.reason')}
          </Title>
          <Text>{appointment.appointmentComment}</Text>
        </section>
      ) : null}

      {appointment.attachments.length > 0 || addDocumentShown ? (
        <section aria-labelledby="appointment-attachments-title">
          <Title order={2} size="h4" id="appointment-attachments-title">
            {t('details.attachments')}
          </Title>
          {appointment.attachments.length > 0 ? (
            <ul>
              {appointment.attachments.map((attachment) => (
                <li key={attachment.href}>
                  <Anchor
                    href={attachment.href}
                    download={attachment.fileName}
                    onClick={(event) => {
                      // The file needs the access token, which a plain link cannot send (decision 0033).
                      event.preventDefault();
                      attachmentDownload.mutate(attachment);
                    }}
                  >
                    {attachment.fileName}
                  </Anchor>
                </li>
              ))}
            </ul>
          ) : (
            <Text>{t('details.noAttachments')}</Text>
          )}
          {addDocumentShown ? (
            <ButtonLink
              to={`/user/documents?appointmentId=${encodeURIComponent(appointment.id)}`}
              variant="outline"
            >
              {t('details.addDocument')}
            </ButtonLink>
          ) : null}
        </section>
      ) : null}

      {appointment.consultationTypeMessage ? (
        // spec 2 §2: the grey 'Important' consultation type message.
        <Paper bg="gray.1" p="md" component="section" aria-labelledby="appointment-important-title">
          <Text fw={700} id="appointment-important-title">
            {t('details.important')}
          </Text>
          <Text>{appointment.consultationTypeMessage}</Text>
        </Paper>
      ) : null}

      {address ? (
        <section aria-labelledby="appointment-location-title">
          <Title order={2} size="h4" id="appointment-location-title">
            {t('details.location')}
          </Title>
          <Text>{appointment.departmentName}</Text>
          <Text>{address}</Text>
          <Anchor
            href={mapSearchUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('details.map', { address })}
          >
            {t('details.mapText')}
          </Anchor>
        </section>
      ) : null}

      {video ? (
        <ButtonLink to={video} variant="primary">
          {t('details.video')}
        </ButtonLink>
      ) : null}

      {sideError ? (
        <Alert color="red" role="alert">
          {failureText(sideError)}
        </Alert>
      ) : null}

      <Group gap="sm">
        {viewer === 'patient' && live && appointment.isNewCheckIn ? (
          <ButtonLink to={taskPath}>{t('action.completeTasks')}</ButtonLink>
        ) : null}
        <ButtonLink to={allAppointmentsPath(viewer, appointment.patientId)} variant="outline">
          {t('action.viewAll')}
        </ButtonLink>
        {waitlistShown ? (
          <Button
            variant="outline"
            onClick={() => {
              waitlist.mutate();
            }}
            disabled={inWaitlist}
            loading={waitlist.isPending}
          >
            {waitlistLabel}
          </Button>
        ) : null}
        {live && cancelShown ? (
          <ButtonLink to={reschedulePath(appointment, viewer)} variant="outline">
            {t('action.reschedule')}
          </ButtonLink>
        ) : null}
        {live ? (
          <Button
            variant="outline"
            onClick={() => {
              calendar.mutate();
            }}
            loading={calendar.isPending}
          >
            {t('action.addToCalendar')}
          </Button>
        ) : null}
        {convertShown ? (
          <Button
            variant="outline"
            onClick={() => {
              convert.reset();
              setDialog('convert');
            }}
          >
            {t('action.convert')}
          </Button>
        ) : null}
        {cancelShown ? (
          <Button
            variant="danger-outline"
            onClick={() => {
              cancel.reset();
              setDialog('cancel');
            }}
          >
            <IconTrash size={20} aria-hidden="true" />
            {t('action.cancel')}
          </Button>
        ) : null}
      </Group>

      {viewer === 'patient' && live && !appointment.isNewCheckIn && appointment.isPreCheckIn ? (
        // spec 2 §2 old check-in: 'Prepare for your appointment / Click here to see your tasks'.
        <Paper withBorder p="md">
          <Text fw={700}>{t('action.prepare')}</Text>
          <Anchor component={Link} to={taskPath}>
            {t('action.seeTasks')}
          </Anchor>
        </Paper>
      ) : null}

      <ConfirmDialog
        opened={dialog === 'cancel'}
        title={t('cancel.title')}
        text={t('cancel.text')}
        yesLabel={t('cancel.yes')}
        noLabel={t('cancel.no')}
        closeLabel={t('dialog.close')}
        busy={cancel.isPending}
        destructive
        error={cancel.error ? failureText(cancel.error) : null}
        onYes={() => {
          cancel.mutate();
        }}
        onNo={() => {
          setDialog(null);
        }}
      />
      <ConfirmDialog
        opened={dialog === 'convert'}
        title={t('convert.title')}
        text={t('convert.text')}
        yesLabel={t('convert.yes')}
        noLabel={t('convert.no')}
        closeLabel={t('dialog.close')}
        busy={convert.isPending}
        error={convert.error ? failureText(convert.error) : null}
        onYes={() => {
          convert.mutate();
        }}
        onNo={() => {
          setDialog(null);
        }}
      />
    </Stack>
  );
}
