import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { INTELLIMAP_ALERT_DAYS } from '@app/contracts/care-plans';
import { VITAL_LIMITS } from '@app/contracts/vitals';
import { intellimapQuery } from '../api/get-intellimap.ts';
import { goalTargetText } from './goal-target-text.ts';
import type { HealthTabProps } from './patient-health-page.tsx';
import { QueryState } from './query-state.tsx';

/** Intellimap (view alerts/tasks): readings outside a care-plan goal, and the goals as tasks. */
export function IntellimapTab({ clinicId, patientId }: HealthTabProps) {
  const { t, i18n } = useTranslation('health');
  const { t: tv } = useTranslation('vitals');
  const query = useQuery(intellimapQuery(clinicId, patientId));
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  if (!query.data) {
    return <QueryState query={query} />;
  }
  const { alerts, tasks } = query.data;
  return (
    <Stack gap="lg">
      <Stack component="section" aria-labelledby="intellimap-alerts" gap="xs">
        <Title order={2} size="h3" id="intellimap-alerts">
          {t('intellimap.alerts')}
        </Title>
        {alerts.length === 0 ? (
          <Text>{t('intellimap.noAlerts', { days: INTELLIMAP_ALERT_DAYS })}</Text>
        ) : (
          <ScrollRegion label={t('intellimap.alerts')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('intellimap.date')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.vital')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.value')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.goal')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.carePlan')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {alerts.map((alert) => (
                  <Table.Tr key={`${alert.goalId}-${alert.recordedAt}`}>
                    <Table.Td>{dateTime.format(new Date(alert.recordedAt))}</Table.Td>
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
      <Stack component="section" aria-labelledby="intellimap-tasks" gap="xs">
        <Title order={2} size="h3" id="intellimap-tasks">
          {t('intellimap.tasks')}
        </Title>
        {tasks.length === 0 ? (
          <Text>{t('intellimap.noTasks')}</Text>
        ) : (
          <ScrollRegion label={t('intellimap.tasks')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
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
                  <Table.Tr key={task.goalId}>
                    <Table.Td>{tv(`key.${task.key}`)}</Table.Td>
                    <Table.Td>{goalTargetText(t, task, number)}</Table.Td>
                    <Table.Td>{date.format(new Date(`${task.dueDate}T00:00:00Z`))}</Table.Td>
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
    </Stack>
  );
}
