import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { listOnFlyTasks } from '../api/check-in-api.ts';
import { beginOnFly, ON_FLY_FINAL_URL, orderOnFlyTasks, useOpenTask } from '../task-flow.ts';

/**
 * spec 2 §4 "On-the-fly tasks": the list is fetched; a requested first task is moved to the front; a
 * NEW task is marked accessed before opening; done tasks are gone from the list, so the flow goes on
 * with the next; when the list is empty, the final page.
 */
export function OnFlyRunner({ clinicUuid, firstTaskId }: { clinicUuid: string; firstTaskId: string | null }) {
  const { t } = useTranslation('checkIn');
  const navigate = useNavigate();
  const openTask = useOpenTask();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    const run = async () => {
      try {
        beginOnFly(clinicUuid);
        const tasks = orderOnFlyTasks(await listOnFlyTasks(clinicUuid), firstTaskId);
        const [next] = tasks;
        if (!next) {
          await navigate(ON_FLY_FINAL_URL, { replace: true });
          return;
        }
        await openTask(next);
      } catch {
        setFailed(true);
      }
    };
    void run();
  }, [clinicUuid, firstTaskId, navigate, openTask]);

  return (
    <Stack gap="md">
      <PageTitle>{t('onFly.title')}</PageTitle>
      {failed ? (
        <Alert color="red">{t('onFly.failed')}</Alert>
      ) : (
        <Loader role="status" aria-label={t('onFly.loading')} />
      )}
    </Stack>
  );
}
