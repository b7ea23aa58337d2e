import type { ReactNode } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { isApiRequestError } from '../../lib/api/api-error.ts';
import { errorText } from '../account-settings/error-text.ts';
import type { TaskPage } from '../check-in/use-task-page.ts';

/** Loading and not-found states of a task page; the page itself once its task is known. */
export function TaskPageState({
  current,
  title,
  texts,
  children,
}: {
  current: TaskPage;
  title: string;
  texts: { loading: string; notFound: string };
  children: ReactNode;
}) {
  const named = Boolean(current.appointmentId ?? current.clinicUuid);
  if (!named || current.isError) {
    const notFound =
      !named || current.error === null || (isApiRequestError(current.error) && current.error.status === 404);
    return (
      <Stack>
        <PageTitle>{title}</PageTitle>
        <Alert color="red" role="alert">
          {notFound ? texts.notFound : errorText(current.error)}
        </Alert>
      </Stack>
    );
  }
  if (current.isLoading || !current.task) {
    return (
      <Stack>
        <PageTitle>{title}</PageTitle>
        <Loader role="status" aria-label={texts.loading} />
      </Stack>
    );
  }
  return <>{children}</>;
}
