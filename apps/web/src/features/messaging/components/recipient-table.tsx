import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkRecipient } from '@app/contracts/messaging';
import { DeliveryStatusText } from './delivery-status.tsx';

/** The recipients of a bulk message with their state and the text each one gets. */
export function RecipientTable({ recipients, caption }: { recipients: BulkRecipient[]; caption: string }) {
  const { t } = useTranslation('messaging');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder data-testid="recipient-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('patientColumn')}</Table.Th>
            <Table.Th scope="col">{t('phoneColumn')}</Table.Th>
            <Table.Th scope="col">{t('statusLabel')}</Table.Th>
            <Table.Th scope="col">{t('textColumn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recipients.map((recipient) => (
            <Table.Tr key={recipient.patientId} data-testid="recipient-row">
              <Table.Th scope="row">{recipient.name}</Table.Th>
              <Table.Td>
                {recipient.phoneSuffix ? t('phoneEnding', { digits: recipient.phoneSuffix }) : t('noPhone')}
              </Table.Td>
              <Table.Td>
                <DeliveryStatusText status={recipient.status} />
              </Table.Td>
              <Table.Td>{recipient.text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
