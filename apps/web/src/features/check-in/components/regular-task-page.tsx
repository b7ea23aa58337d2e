import './check-in-styles.ts';
import { useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { dashboardUrl, useCompleteTask } from '../task-flow.ts';
import { usePageTask } from './use-page-task.ts';

/** {task base url}/regular: a task the patient does themselves, then marks as done (spec 2 §3 REGULAR). */
export function RegularTaskPage() {
  // The next task may use this same page: a fresh page (state) per task.
  const { taskId } = usePageTask();
  return <RegularTask key={taskId ?? ''} />;
}

function RegularTask() {
  const { t } = useTranslation('checkIn');
  const { query, appointmentId, selfCheckIn } = usePageTask();
  const completeTask = useCompleteTask();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const task = query.data;

  if (query.isPending && query.fetchStatus !== 'idle') {
    return <Loader role="status" aria-label={t('dashboard.loading')} />;
  }
  if (!task) {
    return (
      <Stack gap="md">
        <PageTitle>{t('regular.notFound')}</PageTitle>
        {appointmentId ? (
          <ButtonLink to={dashboardUrl(appointmentId, selfCheckIn)}>{t('regular.back')}</ButtonLink>
        ) : null}
      </Stack>
    );
  }

  const markDone = () => {
    setBusy(true);
    setFailed(false);
    completeTask({ task }).catch(() => {
      setFailed(true);
      setBusy(false);
    });
  };

  return (
    <Stack gap="md">
      <PageTitle>{task.title}</PageTitle>
      {task.description ? <Text>{task.description}</Text> : null}
      {failed ? (
        <Alert color="red" role="alert">
          {t('regular.failed')}
        </Alert>
      ) : null}
      <Button onClick={markDone} loading={busy} disabled={busy}>
        {t('regular.markDone')}
      </Button>
      {appointmentId ? (
        <ButtonLink variant="outline" to={dashboardUrl(appointmentId, selfCheckIn)}>
          {t('regular.back')}
        </ButtonLink>
      ) : null}
    </Stack>
  );
}
