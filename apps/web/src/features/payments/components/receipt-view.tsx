import { Paper, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@app/contracts/payments';
import { formatCents } from '@app/contracts/money';
import { formatInstant } from '../../../lib/dates/format-time.ts';

/** The receipt of a successful payment (issue 5 item 9): a page section, no PDF. */
export function ReceiptView({ receipt }: { receipt: Transaction }) {
  const { t, i18n } = useTranslation('payments');
  const rows: [string, string][] = [
    [t('receiptNumber'), receipt.receiptNumber ?? ''],
    [t('receiptFor'), receipt.description],
    [t('receiptAmount'), formatCents(receipt.amountCents)],
    [t('receiptCard'), t('receiptCardValue', { brand: receipt.cardBrand, last4: receipt.cardLast4 })],
    [t('receiptClinic'), receipt.clinicName],
    [t('receiptDate'), formatInstant(receipt.createdAt, { language: i18n.language })],
  ];
  return (
    <Paper withBorder p="md" aria-labelledby="receipt-heading" component="section">
      <Title order={2} id="receipt-heading">
        {t('receiptHeading')}
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
