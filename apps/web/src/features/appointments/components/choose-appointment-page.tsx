import { useMemo } from 'react';
import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import type { Appointment } from '@app/contracts/appointments';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { reschedulePath } from '../appointment-rules.ts';
import { appointmentQuery } from '../api/get-appointment.ts';
import { appointmentListQuery } from '../api/list-appointments.ts';
import { chooseWindow, isChangeable, upcomingAppointments } from '../choose-appointment-rules.ts';
import { formatStart } from './appointment-view.tsx';

const CHOOSE_PATH = '/user/choose-appointment';

function useTitle(): string {
  const { t } = useTranslation();
  return t('route.user.chooseAppointment');
}

function ChoiceRow({ appointment, now }: { appointment: Appointment; now: Date }) {
  const { t, i18n } = useTranslation('appointments');
  const time = formatStart(appointment.startAt, appointment.timezone, i18n.language);
  return (
    <li>
      <Paper withBorder p="md" data-testid="choose-appointment-row">
        <Group justify="space-between" wrap="wrap" gap="sm" align="center">
          <Stack gap={2}>
            <Text fw={700}>{time}</Text>
            <Text>{appointment.doctorName}</Text>
            <Text>
              {appointment.consultationTypeTitle} · {appointment.departmentName}
            </Text>
            <Text size="sm" c="gray.8">
              {appointment.clinicName}
            </Text>
          </Stack>
          {isChangeable(appointment, now) ? (
            // The booking flow's reschedule, started exactly as the appointment details start it.
            <ButtonLink
              to={reschedulePath(appointment, 'patient')}
              aria-label={t('choose.changeLabel', { doctor: appointment.doctorName, time })}
            >
              {t('choose.change')}
            </ButtonLink>
          ) : (
            <Text size="sm" maw={280}>
              {t('choose.notChangeable')}
            </Text>
          )}
        </Group>
      </Paper>
    </li>
  );
}

/** ?appointmentId=…: straight into that appointment's reschedule, or why not. */
function ChosenAppointment({ appointmentId, now }: { appointmentId: string; now: Date }) {
  const { t } = useTranslation('appointments');
  const title = useTitle();
  const query = useQuery({ ...appointmentQuery(appointmentId), meta: { errorBanner: false } });
  if (query.data && isChangeable(query.data, now)) {
    return <Navigate to={reschedulePath(query.data, 'patient')} replace />;
  }
  return (
    <Stack maw={720}>
      <PageTitle>{title}</PageTitle>
      {query.isPending ? <Loader role="status" aria-label={t('choose.opening')} /> : null}
      {query.isError ? (
        <Alert color="red" role="alert">
          {isApiRequestError(query.error) && query.error.status === 404
            ? errorText(query.error)
            : t('choose.failed')}
        </Alert>
      ) : null}
      {query.data ? (
        <Alert color="gray" role="status">
          {t('choose.notChangeable')}
        </Alert>
      ) : null}
      {query.isPending ? null : (
        <Group>
          <ButtonLink to={CHOOSE_PATH} variant="outline">
            {t('choose.back')}
          </ButtonLink>
        </Group>
      )}
    </Stack>
  );
}

/**
 * /user/choose-appointment (spec 1 §2 side menu "change appointment"; decision 0036): the patient's
 * upcoming appointments; a changeable one leads into the booking flow's reschedule (spec 2 §4,
 * cancelAppointmentId). Nothing upcoming: a way to schedule one.
 */
export function ChooseAppointmentPage() {
  const { t } = useTranslation('appointments');
  const title = useTitle();
  const [params] = useSearchParams();
  const chosen = params.get('appointmentId');
  // The browser's clock is the suite's in tests (Playwright), the real one otherwise.
  const now = useMemo(() => new Date(), []);
  const list = useQuery({
    ...appointmentListQuery(chooseWindow(now)),
    enabled: chosen === null,
    meta: { errorBanner: false },
  });

  if (chosen !== null) {
    return <ChosenAppointment appointmentId={chosen} now={now} />;
  }
  const upcoming = upcomingAppointments(list.data ?? [], now);

  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>{title}</PageTitle>
      {list.isPending ? <Loader role="status" aria-label={t('choose.loading')} /> : null}
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('choose.failed')}
        </Alert>
      ) : null}
      {list.data && upcoming.length === 0 ? (
        <Stack gap="sm">
          <Text>{t('choose.empty')}</Text>
          <Group>
            <ButtonLink to="/user/appointment/create">{t('choose.schedule')}</ButtonLink>
          </Group>
        </Stack>
      ) : null}
      {upcoming.length > 0 ? (
        <>
          <Text>{t('choose.intro')}</Text>
          <Stack
            component="ul"
            gap="sm"
            aria-label={t('choose.listLabel')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {upcoming.map((appointment) => (
              <ChoiceRow key={appointment.id} appointment={appointment} now={now} />
            ))}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
