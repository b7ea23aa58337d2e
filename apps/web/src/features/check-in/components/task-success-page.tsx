import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useGoToActiveTask } from '../task-flow.ts';

/**
 * /user/success and /provider/patient/task/success: a task is done (spec 2 §4: in self check-in mode
 * completing a task lands here); Continue goes to the next undone task, or the final page.
 */
export function TaskSuccessPage() {
  const { t } = useTranslation('checkIn');
  const goToActiveTask = useGoToActiveTask();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap="md">
      <PageTitle>{t('success.title')}</PageTitle>
      <Text>{t('success.text')}</Text>
      {failed ? (
        <Alert color="red" role="alert">
          {t('openFailed')}
        </Alert>
      ) : null}
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          goToActiveTask().catch(() => {
            setFailed(true);
            setBusy(false);
          });
        }}
      >
        {t('success.next')}
      </Button>
    </Stack>
  );
}
