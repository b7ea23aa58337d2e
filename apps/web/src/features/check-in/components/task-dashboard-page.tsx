import { useEffect, useMemo, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { CheckInTask } from '@app/contracts/check-in';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { checkInEntriesQuery, checkInTasksQuery } from '../api/check-in-api.ts';
import {
  allNonVideoTasksDone,
  beginCheckIn,
  finalPageUrl,
  readCheckInFlow,
  SELF_CHECK_IN_TASK_BASE,
  useOpenTask,
} from '../task-flow.ts';
import { OnFlyRunner } from './on-fly-runner.tsx';
import { TaskList } from './task-list.tsx';

/**
 * /user/task?appointmentId=... (and /provider/patient/task in self check-in mode): the tasks of the
 * appointment, or of every appointment of its check-in entry (spec 2 §4 grouping). With
 * ?flow=on-fly it runs the on-the-fly flow instead.
 */
export function TaskDashboardPage() {
  const [params] = useSearchParams();
  if (params.get('flow') === 'on-fly') {
    return <OnFlyRunner clinicUuid={params.get('clinicUuid') ?? ''} firstTaskId={params.get('taskId')} />;
  }
  return <CheckInDashboard appointmentId={params.get('appointmentId') ?? ''} />;
}

function CheckInDashboard({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('checkIn');
  const { pathname } = useLocation();
  const selfCheckIn = pathname.startsWith(SELF_CHECK_IN_TASK_BASE);
  const openTask = useOpenTask();
  const [opening, setOpening] = useState(false);
  const [openFailed, setOpenFailed] = useState(false);
  const stored = useMemo(() => readCheckInFlow().checkInAppointment, []);
  const known = appointmentId !== '' && stored.includes(appointmentId);
  // A patient who came from the appointment's details: the entry of that appointment, if it has one.
  const entries = useQuery({
    ...checkInEntriesQuery(),
    enabled: !known && !selfCheckIn && appointmentId !== '',
  });
  const appointmentIds = useMemo(() => {
    if (known) {
      return stored;
    }
    if (selfCheckIn) {
      return [appointmentId];
    }
    if (entries.isPending && entries.fetchStatus !== 'idle') {
      return [];
    }
    const entry = entries.data?.find((item) => item.appointmentIds.includes(appointmentId));
    return entry ? entry.appointmentIds : [appointmentId];
  }, [known, stored, selfCheckIn, appointmentId, entries.isPending, entries.fetchStatus, entries.data]);

  useEffect(() => {
    if (appointmentIds.length > 0) {
      beginCheckIn(appointmentIds, { selfCheckIn });
    }
  }, [appointmentIds, selfCheckIn]);

  const tasks = useQuery(checkInTasksQuery(appointmentIds));

  const open = (task: CheckInTask) => {
    setOpening(true);
    setOpenFailed(false);
    openTask(task).catch(() => {
      setOpenFailed(true);
      setOpening(false);
    });
  };

  if (appointmentId === '') {
    return (
      <Stack gap="md">
        <PageTitle>{t('dashboard.title')}</PageTitle>
        <Alert color="red">{t('dashboard.missing')}</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <Text>{t('dashboard.intro')}</Text>
      {tasks.isError ? <Alert color="red">{t('dashboard.failed')}</Alert> : null}
      {openFailed ? (
        <Alert color="red" role="alert">
          {t('openFailed')}
        </Alert>
      ) : null}
      {tasks.data ? (
        tasks.data.length === 0 ? (
          <Text>{t('dashboard.empty')}</Text>
        ) : (
          <TaskList tasks={tasks.data} onOpen={open} busy={opening} />
        )
      ) : tasks.isError ? null : (
        <Loader role="status" aria-label={t('dashboard.loading')} />
      )}
      {tasks.data && allNonVideoTasksDone(tasks.data) ? (
        <ButtonLink to={finalPageUrl(selfCheckIn)}>{t('dashboard.finish')}</ButtonLink>
      ) : null}
    </Stack>
  );
}
