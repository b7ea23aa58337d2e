import { useMemo } from 'react';
import { Alert, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCalendarPlus } from '@tabler/icons-react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Appointment } from '@app/contracts/appointments';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { StatusChip } from '../../../components/ui/status-chip.tsx';
import { checkInEntriesQuery } from '../../check-in/api/check-in-api.ts';
import { appointmentListQuery, listRange } from '../api/list-appointments.ts';
import { appointmentStatusRole, formatVisitTime, joinWatchInterval, nextVisit } from '../home-rules.ts';
import { HomeSummary } from './home-summary.tsx';
import { NextVisitCard, NextVisitSkeleton } from './next-visit-card.tsx';
import { useLoginLinkBooking } from './use-login-link-booking.ts';

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

function AppointmentRow({ appointment, now }: { appointment: Appointment; now: Date }) {
  const { t, i18n } = useTranslation('appointments');
  const time = formatVisitTime(appointment.startAt, appointment.timezone, i18n.language, now);
  return (
    <li>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Link
              to={`/user/appointment/${appointment.id}`}
              className="appointment-row__link"
              aria-label={t('list.open', { doctor: appointment.doctorName, time })}
            >
              {time}
            </Link>
            <Text fw={600}>{appointment.doctorName}</Text>
            <Text size="sm" c="dimmed">
              {appointment.consultationTypeTitle} · {appointment.departmentName}
            </Text>
          </Stack>
          <Box flex="none">
            <StatusChip role={appointmentStatusRole(appointment.status)}>
              {t(`list.status.${appointment.status}`)}
            </StatusChip>
          </Box>
        </Group>
      </Paper>
    </li>
  );
}

function AppointmentSection({
  id,
  title,
  appointments,
  now,
}: {
  id: string;
  title: string;
  appointments: Appointment[];
  now: Date;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {appointments.map((appointment) => (
          <AppointmentRow key={appointment.id} appointment={appointment} now={now} />
        ))}
      </Stack>
    </section>
  );
}

/**
 * spec 2 §2 /user/appointment: the patient's appointments, the landing after a cancel (§4) and the
 * patient's home (issue 18 item 2, decision 0051): the next visit, what is waiting for the patient, then
 * the list.
 */
export function AppointmentListPage() {
  const { t } = useTranslation('appointments');
  const booking = useLoginLinkBooking();
  const range = useMemo(() => listRange(), []);
  const list = useQuery({
    ...appointmentListQuery(range),
    // A telehealth visit about to start: read again until its video room opens (Join video).
    refetchInterval: (query) => {
      const now = new Date();
      return joinWatchInterval(nextVisit(query.state.data ?? [], now), now);
    },
  });
  // The next visit's check-in progress needs the check-in entries: ask for them beside the list,
  // not after the card has rendered (one round trip less before the home is complete).
  usePrefetchQuery(checkInEntriesQuery());
  const now = new Date();
  const { upcoming, past } = splitAppointments(list.data ?? [], now);
  const next = nextVisit(list.data ?? [], now);
  const none = upcoming.length === 0 && past.length === 0;

  return (
    <Stack gap="xl" maw={880}>
      <Group justify="space-between" align="center">
        <PageTitle>{t('list.title')}</PageTitle>
        {/* Without an upcoming visit the empty state's Schedule a visit is the one call to action. */}
        {list.data && !next ? null : (
          <ButtonLink to="/user/appointment/create">
            <IconCalendarPlus size={20} stroke={1.75} aria-hidden />
            {t('list.schedule')}
          </ButtonLink>
        )}
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
      {list.isPending ? <NextVisitSkeleton label={t('list.loading')} /> : null}
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('home.failed')}
        </Alert>
      ) : null}
      {list.data ? (
        next ? (
          <NextVisitCard appointment={next} now={now} />
        ) : (
          <Paper withBorder radius="md">
            <EmptyState
              icon={<IconCalendarEvent size={24} stroke={1.75} />}
              title={none ? t('list.empty') : t('list.emptyUpcoming')}
              text={t('home.emptyText')}
              action={
                <ButtonLink to="/user/appointment/create">
                  <IconCalendarPlus size={20} stroke={1.75} aria-hidden />
                  {t('home.scheduleVisit')}
                </ButtonLink>
              }
            />
          </Paper>
        )
      ) : null}
      <HomeSummary />
      {upcoming.length > 0 ? (
        <AppointmentSection
          id="upcoming-title"
          title={t('list.upcoming')}
          appointments={upcoming}
          now={now}
        />
      ) : null}
      {past.length > 0 ? (
        <AppointmentSection id="past-title" title={t('list.past')} appointments={past} now={now} />
      ) : null}
    </Stack>
  );
}
