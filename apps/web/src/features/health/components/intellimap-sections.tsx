import { Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTELLIMAP_ALERT_DAYS, type IntellimapAlert, type IntellimapTask } from '@app/contracts/care-plans';
import { VITAL_LIMITS } from '@app/contracts/vitals';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { goalTargetText } from './goal-target-text.ts';
import { formatCalendarDate, formatInstant } from '../../../lib/dates/format-time.ts';

/**
 * The Intellimap alerts and tasks tables (spec 3 §2 health tab). One patient's tab and the clinic
 * board (decision 0045) draw the same tables; the board adds a first column naming the patient.
 */
export function IntellimapSections<A extends IntellimapAlert, T extends IntellimapTask>({
  alerts,
  tasks,
  idPrefix,
  noTasksText,
  patientColumn,
}: {
  alerts: readonly A[];
  tasks: readonly T[];
  /** Keeps the section headings' ids unique on the page. */
  idPrefix: string;
  noTasksText: string;
  /** The board's patient column: its heading, each row's cell and a key part telling rows apart. */
  patientColumn?: { heading: string; cell: (row: A | T) => ReactNode; key: (row: A | T) => string };
}) {
  const { t, i18n } = useTranslation('health');
  const { t: tv } = useTranslation('vitals');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const dateTime = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  const patientHeading = patientColumn ? <Table.Th scope="col">{patientColumn.heading}</Table.Th> : null;
  const patientCell = (row: A | T) =>
    patientColumn ? <Table.Th scope="row">{patientColumn.cell(row)}</Table.Th> : null;
  const keyOf = (row: A | T, rest: string) => (patientColumn ? `${patientColumn.key(row)}-${rest}` : rest);
  return (
    <>
      <Stack component="section" aria-labelledby={`${idPrefix}-alerts`} gap="xs">
        <Title order={2} size="h3" id={`${idPrefix}-alerts`}>
          {t('intellimap.alerts')}
        </Title>
        {alerts.length === 0 ? (
          <Text>{t('intellimap.noAlerts', { days: INTELLIMAP_ALERT_DAYS })}</Text>
        ) : (
          <ScrollRegion label={t('intellimap.alerts')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {patientHeading}
                  <Table.Th scope="col">{t('intellimap.date')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.vital')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.value')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.goal')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.carePlan')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {alerts.map((alert) => (
                  <Table.Tr key={keyOf(alert, `${alert.goalId}-${alert.recordedAt}`)}>
                    {patientCell(alert)}
                    <Table.Td>{dateTime(alert.recordedAt)}</Table.Td>
                    <Table.Td>{tv(`key.${alert.key}`)}</Table.Td>
                    <Table.Td>
                      {number.format(alert.value)} {VITAL_LIMITS[alert.key].unit}
                    </Table.Td>
                    <Table.Td>{goalTargetText(t, alert, number)}</Table.Td>
                    <Table.Td>{alert.carePlanTitle}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
      <Stack component="section" aria-labelledby={`${idPrefix}-tasks`} gap="xs">
        <Title order={2} size="h3" id={`${idPrefix}-tasks`}>
          {t('intellimap.tasks')}
        </Title>
        {tasks.length === 0 ? (
          <Text>{noTasksText}</Text>
        ) : (
          <ScrollRegion label={t('intellimap.tasks')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {patientHeading}
                  <Table.Th scope="col">{t('intellimap.vital')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.goal')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.dueDate')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.latest')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.status')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.carePlan')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tasks.map((task) => (
                  <Table.Tr key={keyOf(task, task.goalId)}>
                    {patientCell(task)}
                    <Table.Td>{tv(`key.${task.key}`)}</Table.Td>
                    <Table.Td>{goalTargetText(t, task, number)}</Table.Td>
                    <Table.Td>{date(task.dueDate)}</Table.Td>
                    <Table.Td>
                      {task.latestValue === null
                        ? t('intellimap.none')
                        : `${number.format(task.latestValue)} ${VITAL_LIMITS[task.key].unit}`}
                    </Table.Td>
                    <Table.Td>{t(`intellimap.status.${task.status}`)}</Table.Td>
                    <Table.Td>{task.carePlanTitle}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </>
  );
}
