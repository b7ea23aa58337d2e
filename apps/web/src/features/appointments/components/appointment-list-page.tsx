import { useMemo } from 'react';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Appointment } from '@app/contracts/appointments';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { dayjs } from '../../../lib/dates/dayjs.ts';
import { appointmentListQuery } from '../api/list-appointments.ts';
import { formatStart } from './appointment-view.tsx';
import { useLoginLinkBooking } from './use-login-link-booking.ts';

/** A year back and a year ahead (mysql dates, spec 2 §7 Appointment list by startAt and finishAt). */
export function listRange(now: Date = new Date()): { startAt: string; finishAt: string } {
  const today = dayjs(now);
  return {
    startAt: today.subtract(1, 'year').format('YYYY-MM-DD'),
    finishAt: today.add(1, 'year').format('YYYY-MM-DD'),
  };
}

/** Upcoming first (soonest first), then past (latest first); cancelled visits leave the list. */
export function splitAppointments(appointments: Appointment[], now: Date = new Date()) {
  const live = appointments.filter((appointment) => appointment.status !== 'cancelled');
  const upcoming = live
    .filter((appointment) => Date.parse(appointment.finishAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  const past = live
    .filter((appointment) => Date.parse(appointment.finishAt) < now.getTime())
    .sort((a, b) => Date.parse(b.startAt) - Date.parse(a.startAt));
  return { upcoming, past };
}

function AppointmentRow({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation('appointments');
  const time = formatStart(appointment.startAt, appointment.timezone, i18n.language);
  return (
    <li>
      <Paper withBorder p="md">
        <Stack gap={2}>
          <Link
            to={`/user/appointment/${appointment.id}`}
            className="appointment-row__link"
            aria-label={t('list.open', { doctor: appointment.doctorName, time })}
          >
            {time}
          </Link>
          <Text fw={700}>{appointment.doctorName}</Text>
          <Text>
            {appointment.consultationTypeTitle} · {appointment.departmentName}
          </Text>
          <Text size="sm" c="gray.8">
            {t(`list.status.${appointment.status}`)}
          </Text>
        </Stack>
      </Paper>
    </li>
  );
}

function AppointmentSection({
  id,
  title,
  appointments,
}: {
  id: string;
  title: string;
  appointments: Appointment[];
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {appointments.map((appointment) => (
          <AppointmentRow key={appointment.id} appointment={appointment} />
        ))}
      </Stack>
    </section>
  );
}

/** spec 2 §2 /user/appointment: the patient's appointments, the landing after a cancel (§4). */
export function AppointmentListPage() {
  const { t } = useTranslation('appointments');
  const booking = useLoginLinkBooking();
  const range = useMemo(() => listRange(), []);
  const list = useQuery(appointmentListQuery(range));
  const { upcoming, past } = splitAppointments(list.data ?? []);

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between" align="center">
        <PageTitle>{t('list.title')}</PageTitle>
        <ButtonLink to="/user/appointment/create">{t('list.schedule')}</ButtonLink>
      </Group>
      {booking.phase === 'booking' ? (
        <Alert color="blue" role="status">
          {t('list.booking')}
        </Alert>
      ) : null}
      {booking.phase === 'failed' ? (
        <Alert color="red" role="alert">
          {booking.message}
        </Alert>
      ) : null}
      {list.isPending ? <Loader role="status" aria-label={t('list.loading')} /> : null}
      {list.data && upcoming.length === 0 && past.length === 0 ? <Text>{t('list.empty')}</Text> : null}
      {list.data && (upcoming.length > 0 || past.length > 0) ? (
        <>
          {upcoming.length > 0 ? (
            <AppointmentSection id="upcoming-title" title={t('list.upcoming')} appointments={upcoming} />
          ) : (
            <Text>{t('list.emptyUpcoming')}</Text>
          )}
          {past.length > 0 ? (
            <AppointmentSection id="past-title" title={t('list.past')} appointments={past} />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
