import '../../check-in-task/task-styles.ts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { receiptQuery } from '../api/get-receipt.ts';
import { ReceiptView } from './receipt-view.tsx';

/** spec 2 §2 /user/copay-thank-you: the receipt, then back to the task dashboard. */
export function CopayThankYouPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const transactionId = params.get('transactionId') ?? '';
  const appointmentId = params.get('appointmentId');
  const receipt = useQuery({ ...receiptQuery(transactionId), enabled: transactionId !== '' });
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
      <Group>
        <Button
          onClick={() =>
            void navigate(
              appointmentId
                ? `/user/task?appointmentId=${encodeURIComponent(appointmentId)}`
                : '/user/appointment',
            )
          }
        >
          {t('continue')}
        </Button>
      </Group>
    </Stack>
  );
}
