import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { dashboardUrl, onFlyFlowUrl, readCheckInFlow, useGoToActiveTask } from '../../check-in/task-flow.ts';
import { receiptQuery } from '../api/get-receipt.ts';
import { ReceiptView } from './receipt-view.tsx';

/**
 * spec 2 §2 /user/copay-thank-you: the receipt, then on with the check-in (spec 2 §4: the next undone
 * task after the copay, else the final page). Opened outside a check-in: the task dashboard.
 */
export function CopayThankYouPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const transactionId = params.get('transactionId') ?? '';
  const appointmentId = params.get('appointmentId');
  const receipt = useQuery({ ...receiptQuery(transactionId), enabled: transactionId !== '' });
  const goToActiveTask = useGoToActiveTask();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const onContinue = async () => {
    const active = readCheckInFlow().task;
    if (active?.appointmentId) {
      await goToActiveTask();
    } else if (active) {
      await navigate(onFlyFlowUrl(active.clinicUuid), { replace: true });
    } else {
      await navigate(appointmentId ? dashboardUrl(appointmentId, false) : '/user/appointment');
    }
  };
  return (
    <Stack>
      <PageTitle>{t('thankYouTitle')}</PageTitle>
      <Text>{t('thankYou')}</Text>
      {receipt.isError ? (
        <Alert color="red" role="alert">
          {errorText(receipt.error)}
        </Alert>
      ) : null}
      {receipt.data ? <ReceiptView receipt={receipt.data} /> : null}
      {failed ? (
        <Alert color="red" role="alert">
          {errorText(failed)}
        </Alert>
      ) : null}
      <Group>
        <Button
          loading={busy}
          onClick={() => {
            setBusy(true);
            setFailed(null);
            onContinue().catch((error: unknown) => {
              setFailed(error);
              setBusy(false);
            });
          }}
        >
          {t('continue')}
        </Button>
      </Group>
    </Stack>
  );
}
