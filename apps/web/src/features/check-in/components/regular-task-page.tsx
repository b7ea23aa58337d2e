import { useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useSearchParams } from 'react-router';
import { dashboardUrl } from '../task-flow.ts';
import { useTaskPage } from '../use-task-page.ts';

/** {task base url}/regular: a task the patient does themselves, then marks as done (spec 2 §3 REGULAR). */
export function RegularTaskPage() {
  // The next task may use this same page: a fresh page (state) per task.
  const [params] = useSearchParams();
  return <RegularTask key={params.get('taskId') ?? ''} />;
}

function RegularTask() {
  const { t } = useTranslation('checkIn');
  const page = useTaskPage(null);
  const { task, appointmentId, selfCheckIn } = page;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (page.isLoading) {
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
    page.complete().catch(() => {
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
