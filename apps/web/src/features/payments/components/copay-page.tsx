import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@app/contracts/money';
import type { CheckInTask } from '@app/contracts/check-in';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { TaskPageState } from '../../check-in-task/task-page-state.tsx';
import { USER_TASK_BASE } from '../../check-in/task-flow.ts';
import { useTaskPage, type TaskPage } from '../../check-in/use-task-page.ts';
import { copayQuery } from '../api/get-copay.ts';
import { payCopay } from '../api/pay-copay.ts';
import { CardForm } from './card-form.tsx';

/** {task base url}/copay (issue 5 item 9): the amount comes from the task setting; then copay-thank-you. */
export function CopayPage() {
  const { t } = useTranslation('payments');
  const current = useTaskPage(['copay']);
  return (
    <TaskPageState
      current={current}
      title={t('copayTitle')}
      texts={{ loading: t('loading'), notFound: t('notFound') }}
    >
      {current.task ? <Copay current={current} task={current.task} /> : null}
    </TaskPageState>
  );
}

function Copay({ current, task }: { current: TaskPage; task: CheckInTask }) {
  const { t } = useTranslation('payments');
  const copay = useQuery(copayQuery(task.taskId));
  if (copay.isError) {
    return (
      <Stack>
        <PageTitle>{t('copayTitle')}</PageTitle>
        <Alert color="red" role="alert">
          {errorText(copay.error)}
        </Alert>
      </Stack>
    );
  }
  if (!copay.data) {
    return (
      <Stack>
        <PageTitle>{t('copayTitle')}</PageTitle>
        <Text role="status">{t('loading')}</Text>
      </Stack>
    );
  }
  const { amountCents, paid } = copay.data;
  const thankYou = (transactionId: string) => {
    const search = new URLSearchParams(current.search);
    search.set('transactionId', transactionId);
    // Self check-in has no thank-you route (spec 2 §2 names /user/copay-thank-you only): the task flow's
    // success page closes the task there.
    return current.base === USER_TASK_BASE ? `/user/copay-thank-you?${search.toString()}` : undefined;
  };
  return (
    <Stack>
      <PageTitle>{t('copayTitle')}</PageTitle>
      {paid || amountCents === 0 ? (
        <>
          <Text>{paid ? t('copayPaid', { amount: formatCents(paid.amountCents) }) : t('copayNotSet')}</Text>
          <Group>
            <Button onClick={() => void current.complete(paid ? { to: thankYou(paid.id) } : undefined)}>
              {t('continue')}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text>{t('copayIntro', { amount: formatCents(amountCents) })}</Text>
          <CardForm
            payLabel={t('pay', { amount: formatCents(amountCents) })}
            onPay={(card) => payCopay(task.taskId, { card })}
            onPaid={async (receipt) => {
              await current.complete({ to: thankYou(receipt.id) });
            }}
          />
        </>
      )}
    </Stack>
  );
}
