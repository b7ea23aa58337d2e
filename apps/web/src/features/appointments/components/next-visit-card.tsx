import { useState } from 'react';
import {
  Alert,
  Avatar,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  IconCalendarEvent,
  IconCalendarRepeat,
  IconChecklist,
  IconCircleCheck,
  IconMapPin,
  IconVideo,
  IconX,
} from '@tabler/icons-react';
import type { Appointment } from '@app/contracts/appointments';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { StatusChip } from '../../../components/ui/status-chip.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { checkInEntriesQuery, checkInTasksQuery } from '../../check-in/api/check-in-api.ts';
import { canCancel, repeatsVisitKind, reschedulePath } from '../appointment-rules.ts';
import { cancelAppointment } from '../api/cancel-appointment.ts';
import { APPOINTMENTS_PATH } from '../api/get-appointment.ts';
import {
  appointmentStatusRole,
  checkInAppointmentIds,
  checkInPath,
  checkInProgress,
  formatVisitTime,
  isCheckInComplete,
  joinVideoPath,
  progressPercent,
} from '../home-rules.ts';
import { addressText } from './appointment-view.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

const ICON = { size: 20, stroke: 1.75, 'aria-hidden': true } as const;

/**
 * The check-in block while it loads: grey lines where its title, bar and button will be, at the
 * block's own height, so the buttons below do not jump when it arrives (layout shift, issue 18).
 */
function CheckInPlaceholder({ label }: { label?: string }) {
  return (
    <Stack gap={6} className="next-visit__check-in" role={label ? 'status' : undefined}>
      {label ? <VisuallyHidden>{label}</VisuallyHidden> : null}
      <Skeleton height={24} width="45%" aria-hidden="true" />
      <Skeleton height={8} radius="xl" aria-hidden="true" />
      <Skeleton height={44} width={180} aria-hidden="true" />
    </Stack>
  );
}

/**
 * The next-visit card while the appointments load: the card's frame with grey lines in the shape of
 * its rows (title, time, clinician, place, check-in, buttons), so the page below stays put when the
 * visit arrives (issue 18: the home's layout shift came from a shorter placeholder).
 */
export function NextVisitSkeleton({ label }: { label: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} className="next-visit" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        <Skeleton height={30} width="40%" />
        <Skeleton height={23} width="70%" />
        <Group gap="sm" wrap="nowrap">
          <Skeleton height={38} circle />
          <Skeleton height={20} width="50%" />
        </Group>
        <Skeleton height={25} width="35%" />
        <CheckInPlaceholder />
        <Skeleton height={45} width="60%" />
      </Stack>
    </Paper>
  );
}

/** The check-in of the visit: "3 of 6 done", a bar, and the way into the existing task list. */
function CheckInBlock({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const entries = useQuery({ ...checkInEntriesQuery(), meta: { errorBanner: false } });
  const ids = checkInAppointmentIds(entries.data, appointment.id);
  const tasks = useQuery({
    ...checkInTasksQuery(entries.isPending ? [] : ids),
    meta: { errorBanner: false },
  });

  if (entries.isPending || tasks.isPending) {
    return <CheckInPlaceholder label={t('home.checkInLoading')} />;
  }
  if (tasks.isError) {
    return <Text size="sm">{t('home.checkInFailed')}</Text>;
  }
  const progress = checkInProgress(tasks.data);
  if (progress.total === 0) {
    return null;
  }
  const complete = isCheckInComplete(progress);
  const progressText = t('home.checkInProgress', { done: progress.done, total: progress.total });
  return (
    <Stack gap={6} className="next-visit__check-in" component="section" aria-labelledby="next-visit-check-in">
      <Group justify="space-between" gap="xs">
        <Text fw={600} id="next-visit-check-in">
          {t('home.checkIn')}
        </Text>
        {complete ? (
          <StatusChip role="success" icon={<IconCircleCheck size={14} aria-hidden />}>
            {t('home.checkInDone')}
          </StatusChip>
        ) : (
          <Text size="sm" fw={600}>
            {progressText}
          </Text>
        )}
      </Group>
      <Progress.Root size="md" radius="xl">
        <Progress.Section
          value={progressPercent(progress)}
          color={complete ? 'green' : 'teal'}
          aria-label={t('home.checkInProgressLabel')}
          aria-valuetext={progressText}
        />
      </Progress.Root>
      {complete ? null : (
        <div>
          <ButtonLink to={checkInPath(appointment.id)} variant={progress.done > 0 ? 'primary' : 'outline'}>
            <IconChecklist {...ICON} />
            {t(progress.done > 0 ? 'home.continueCheckIn' : 'home.startCheckIn')}
          </ButtonLink>
        </div>
      )}
    </Stack>
  );
}

/**
 * The patient home's next visit (decision 0051): when (in the department's zone, with its
 * abbreviation), with whom, how (in person with the address, or a video visit), its check-in, Join video
 * when the room is open, and Reschedule / Cancel through the details page's own flows.
 */
export function NextVisitCard({ appointment, now }: { appointment: Appointment; now: Date }) {
  const { t, i18n } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelAppointment(appointment.id),
    meta: { url: APPOINTMENTS_PATH, errorBanner: false },
    onSuccess: async () => {
      setConfirming(false);
      // The home stays: the list and the card move on to the visit after this one.
      await queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_PATH] });
    },
  });

  const telehealth = appointment.type === 'video_call';
  const when = formatVisitTime(appointment.startAt, appointment.timezone, i18n.language, now);
  const join = joinVideoPath(appointment);
  const cancellable = canCancel(appointment, 'patient');
  const address = telehealth ? null : addressText(appointment);
  // "Telehealth visit" under the doctor and "Video visit" beside the camera said the same twice.
  const typeShown =
    !telehealth ||
    !repeatsVisitKind(appointment.consultationTypeTitle, [t('details.telehealth'), t('home.telehealth')]);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="next-visit-title"
      className="next-visit"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4" id="next-visit-title">
            {t('home.nextVisit')}
          </Title>
          <StatusChip role={appointmentStatusRole(appointment.status)}>
            {t(`list.status.${appointment.status}`)}
          </StatusChip>
        </Group>

        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCalendarEvent {...ICON} className="next-visit__icon" />
          <Text fw={700} fz="lg" lh={1.3} className="next-visit__when">
            {when}
          </Text>
        </Group>

        <Group gap="sm" wrap="nowrap" align="center">
          <Avatar src={appointment.doctorImage} alt="" size="md" radius="xl" color="teal">
            {appointment.doctorName.slice(0, 1)}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600}>{appointment.doctorName}</Text>
            {typeShown ? (
              <Text size="sm" c="dimmed">
                {appointment.consultationTypeTitle}
              </Text>
            ) : null}
          </Stack>
        </Group>

        <Group gap="xs" wrap="nowrap" align="flex-start">
          {telehealth ? (
            <IconVideo {...ICON} className="next-visit__icon" />
          ) : (
            <IconMapPin {...ICON} className="next-visit__icon" />
          )}
          <Stack gap={0}>
            <Text>{telehealth ? t('home.telehealth') : t('home.inPerson')}</Text>
            <Text size="sm" c="dimmed">
              {[appointment.departmentName, address].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Group>

        {telehealth && !join ? (
          <Text size="sm" c="dimmed">
            {t('home.joinSoon')}
          </Text>
        ) : null}

        <CheckInBlock appointment={appointment} />

        {cancel.error && !confirming ? (
          <Alert color="red" role="alert">
            {isApiRequestError(cancel.error) ? errorText(cancel.error) : cancel.error.message}
          </Alert>
        ) : null}

        <Group gap="sm">
          {join ? (
            <ButtonLink to={join} variant="primary">
              <IconVideo {...ICON} />
              {t('home.joinVideo')}
            </ButtonLink>
          ) : null}
          <ButtonLink
            to={`/user/appointment/${appointment.id}`}
            variant="outline"
            aria-label={t('home.detailsLabel', { doctor: appointment.doctorName })}
          >
            {t('home.details')}
          </ButtonLink>
          {cancellable ? (
            <ButtonLink to={reschedulePath(appointment, 'patient')} variant="outline">
              <IconCalendarRepeat {...ICON} />
              {t('home.reschedule')}
            </ButtonLink>
          ) : null}
          {cancellable ? (
            <Button
              variant="danger-outline"
              onClick={() => {
                cancel.reset();
                setConfirming(true);
              }}
            >
              <IconX {...ICON} />
              {t('home.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>

      <ConfirmDialog
        opened={confirming}
        destructive
        title={t('cancel.title')}
        text={t('cancel.text')}
        yesLabel={t('cancel.yes')}
        noLabel={t('cancel.no')}
        closeLabel={t('dialog.close')}
        busy={cancel.isPending}
        error={
          cancel.error
            ? isApiRequestError(cancel.error)
              ? errorText(cancel.error)
              : cancel.error.message
            : null
        }
        onYes={() => {
          cancel.mutate();
        }}
        onNo={() => {
          setConfirming(false);
        }}
      />
    </Paper>
  );
}
