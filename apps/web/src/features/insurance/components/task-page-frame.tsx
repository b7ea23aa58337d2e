import type { ReactNode } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckInTask } from '@app/contracts/check-in';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import type { TaskPage } from '../../check-in/use-task-page.ts';

/** Title, loading and not-found states around an insurance task page. */
export function TaskPageFrame({
  title,
  page,
  children,
}: {
  title: string;
  page: TaskPage;
  children: (task: CheckInTask) => ReactNode;
}) {
  const { t } = useTranslation('insurance');
  let body: ReactNode;
  if (page.isLoading) {
    body = <Loader role="status" aria-label={t('loading')} />;
  } else if (!page.task) {
    body = (
      <Alert color="red" role="alert">
        {t('notFound')}
      </Alert>
    );
  } else {
    body = children(page.task);
  }
  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>{title}</PageTitle>
      {body}
    </Stack>
  );
}
