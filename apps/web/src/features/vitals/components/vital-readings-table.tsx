import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VitalKey } from '@app/contracts/vitals';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';

interface VitalReadingsTableProps {
  caption: string;
  dateHeader: string;
  keys: readonly VitalKey[];
  columnLabel: (key: VitalKey) => string;
  /** Measurement times (ISO), in the order the rows show. */
  times: readonly string[];
  readings: ReadonlyMap<string, Partial<Record<VitalKey, number>>>;
  testId?: string;
}

/**
 * Readings by time (rows) and vital (columns): the provider's Flowsheet and the text alternative of
 * every chart share it.
 */
export function VitalReadingsTable({
  caption,
  dateHeader,
  keys,
  columnLabel,
  times,
  readings,
  testId,
}: VitalReadingsTableProps) {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const dateTime = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });
  return (
    <ScrollRegion label={caption}>
      <Table striped withColumnBorders data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{dateHeader}</Table.Th>
            {keys.map((key) => (
              <Table.Th scope="col" key={key}>
                {columnLabel(key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {times.map((time) => (
            <Table.Tr key={time}>
              <Table.Th scope="row" fw={400}>
                {dateTime(time)}
              </Table.Th>
              {keys.map((key) => {
                const value = readings.get(time)?.[key];
                return <Table.Td key={key}>{value === undefined ? '' : number.format(value)}</Table.Td>;
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
