import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { patientPaymentsQuery } from '../api/get-patient-payments.ts';
import { formatInstant } from '../../../lib/dates/format-time.ts';

/** spec 3 §2 patient view, payments tab: open balance and payment history at the clinic. */
export function PatientPaymentsPage() {
  const { t, i18n } = useTranslation('patients');
  const { patientId = '' } = useParams();
  const workspace = useProviderWorkspace();
  const payments = useQuery({
    ...patientPaymentsQuery(workspace.data?.clinicId ?? '', patientId),
    enabled: Boolean(workspace.data),
  });
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const date = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });
  return (
    <Stack gap="md">
      <Title order={2}>{t('paymentsTitle')}</Title>
      {payments.isPending ? <Text role="status">{t('loading')}</Text> : null}
      {payments.isError ? (
        <Alert color="red" role="alert">
          {t('noAccess')}
        </Alert>
      ) : null}
      {payments.data ? (
        <>
          <section aria-labelledby="balance-heading">
            <Title order={3} id="balance-heading">
              {t('balanceHeading')}
            </Title>
            {payments.data.balance.items.length === 0 ? (
              <Text>{t('noBalance')}</Text>
            ) : (
              <Stack gap={4}>
                <Text fw={700}>
                  {t('balanceTotal', { amount: money.format(payments.data.balance.totalCents / 100) })}
                </Text>
                <Stack component="ul" gap={2} m={0}>
                  {payments.data.balance.items.map((item) => (
                    <li key={item.id}>
                      <Text size="sm">
                        {item.description} · {money.format(item.amountCents / 100)}
                      </Text>
                    </li>
                  ))}
                </Stack>
              </Stack>
            )}
          </section>
          <section aria-labelledby="history-heading">
            <Title order={3} id="history-heading">
              {t('historyHeading')}
            </Title>
            {payments.data.transactions.length === 0 ? (
              <Text>{t('noPayments')}</Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {payments.data.transactions.map((item) => (
                  <li key={item.id}>
                    <Paper withBorder p="sm">
                      <Text fw={700}>
                        {date(item.createdAt)} · {t(`paymentStatus.${item.status}`)}
                      </Text>
                      <Text size="sm">
                        {t('paymentRow', {
                          description: item.description,
                          amount: money.format(item.amountCents / 100),
                          card: `${item.cardBrand} •••• ${item.cardLast4}`,
                        })}
                      </Text>
                    </Paper>
                  </li>
                ))}
              </Stack>
            )}
          </section>
        </>
      ) : null}
    </Stack>
  );
}
