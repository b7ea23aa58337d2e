import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Transaction } from '@app/contracts/payments';
import { formatCents } from '@app/contracts/money';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { TaskPageState } from '../../check-in-task/task-page-state.tsx';
import { useTaskPage } from '../../check-in/use-task-page.ts';
import { BALANCES_PATH, balancesQuery } from '../api/list-balances.ts';
import { payBalances } from '../api/pay-balances.ts';
import { CardForm } from './card-form.tsx';
import { ReceiptView } from './receipt-view.tsx';

/** /user/outstanding-balance-list (issue 5 item 9; also spec 1 §2 post-login rule 4). */
export function BalanceListPage() {
  const navigate = useNavigate();
  return (
    <BalancePanel
      onContinue={async () => {
        await navigate('/user/appointment?cameFrom=login');
      }}
    />
  );
}

/** {task base url}/outstanding-balance: the balance at the task's clinic, then the task is done. */
export function OutstandingBalanceTaskPage() {
  const { t } = useTranslation('payments');
  const current = useTaskPage(['outstanding_balance']);
  return (
    <TaskPageState
      current={current}
      title={t('balanceTitle')}
      texts={{ loading: t('loading'), notFound: t('notFound') }}
    >
      {current.task ? (
        <BalancePanel
          clinicUuid={current.task.clinicUuid}
          onContinue={async () => {
            await current.complete();
          }}
        />
      ) : null}
    </TaskPageState>
  );
}

function BalancePanel({ clinicUuid, onContinue }: { clinicUuid?: string; onContinue: () => Promise<void> }) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const balances = useQuery(balancesQuery(clinicUuid));
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [receipt, setReceipt] = useState<Transaction | null>(null);

  if (balances.isError) {
    return (
      <Stack>
        <PageTitle>{t('balanceTitle')}</PageTitle>
        <Alert color="red" role="alert">
          {errorText(balances.error)}
        </Alert>
      </Stack>
    );
  }
  if (!balances.data) {
    return (
      <Stack>
        <PageTitle>{t('balanceTitle')}</PageTitle>
        <ListSkeleton label={t('loading')} rows={2} rowHeight={40} />
      </Stack>
    );
  }
  const items = balances.data.items;
  const chosen = items.filter((item) => !unchecked.has(item.id));
  const total = chosen.reduce((sum, item) => sum + item.amountCents, 0);
  const continueButton = (
    <Group>
      <Button onClick={() => void onContinue()}>{t('continue')}</Button>
    </Group>
  );

  return (
    <Stack>
      <PageTitle>{t('balanceTitle')}</PageTitle>
      {receipt ? (
        <>
          <Alert color="green" role="status">
            {t('thankYou')}
          </Alert>
          <ReceiptView receipt={receipt} />
        </>
      ) : null}
      {items.length === 0 ? (
        <>
          {receipt ? (
            continueButton
          ) : (
            // The next action of an empty balance is the spec's Continue (spec 1 §2 rule 4).
            <EmptyState
              icon={<IconCircleCheck size={24} />}
              title={t('nothingOwed')}
              action={continueButton}
            />
          )}
        </>
      ) : (
        <>
          <Text>{t('balanceIntro')}</Text>
          <Stack gap="xs">
            {items.map((item) => (
              <Checkbox
                key={item.id}
                checked={!unchecked.has(item.id)}
                label={`${item.description}: ${formatCents(item.amountCents)}`}
                aria-label={t('payItem', {
                  description: item.description,
                  amount: formatCents(item.amountCents),
                })}
                onChange={(event) => {
                  const next = new Set(unchecked);
                  if (event.currentTarget.checked) {
                    next.delete(item.id);
                  } else {
                    next.add(item.id);
                  }
                  setUnchecked(next);
                }}
              />
            ))}
          </Stack>
          <Text fw={700}>{t('total', { amount: formatCents(total) })}</Text>
          {chosen.length === 0 ? <Text c="red.9">{t('chooseOne')}</Text> : null}
          <CardForm
            payLabel={t('pay', { amount: formatCents(total) })}
            disabled={chosen.length === 0}
            onPay={(card) => payBalances({ balanceIds: chosen.map((item) => item.id), card })}
            onPaid={async (paid) => {
              setReceipt(paid);
              setUnchecked(new Set());
              await queryClient.invalidateQueries({ queryKey: [BALANCES_PATH] });
            }}
          />
        </>
      )}
    </Stack>
  );
}
