import '../../vitals/components/vital-styles.ts';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import { Alert, Anchor, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  GOAL_TASK_STATUSES,
  INTELLIMAP_ALERT_DAYS,
  type ClinicIntellimapQuery,
} from '@app/contracts/care-plans';
import { VITAL_LIMITS } from '@app/contracts/vitals';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { passesGate, useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { clinicIntellimapQuery } from '../api/get-clinic-intellimap.ts';
import { goalTargetText } from './goal-target-text.ts';
import { QueryState } from './query-state.tsx';

type TaskStatus = NonNullable<ClinicIntellimapQuery['status']>;

function statusOf(value: string | null): TaskStatus | undefined {
  return GOAL_TASK_STATUSES.find((status) => status === value);
}

/**
 * /provider/intellimap (spec 3 §2, issue 17 item 6, decision 0045): the clinic-wide board of the
 * patient tab's Intellimap — alerts (readings outside a care-plan goal) and tasks (the goals) of every
 * patient of the clinic. REMOTE_PATIENT_MONITORING, like the health tab and the Follow Up List. A
 * patient's name opens their Intellimap tab when the provider may open the patient view (PATIENT).
 */
export function IntellimapBoardPage() {
  const { t } = useTranslation('health');
  const workspace = useProviderWorkspace();
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));

  let body;
  if (workspace.isPending) {
    body = <Text role="status">{t('loading')}</Text>;
  } else if (workspace.isError) {
    body = (
      <Alert color="red" role="alert">
        {t('loadError')}
      </Alert>
    );
  } else {
    // REMOTE_PATIENT_MONITORING is checked by the router's guard (PROVIDER_ROUTE_GATES).
    body = (
      <>
        <NativeSelect
          label={t('board.filter')}
          maw={260}
          value={status ?? ''}
          data={[
            { value: '', label: t('board.filter.all') },
            ...GOAL_TASK_STATUSES.map((value) => ({ value, label: t(`intellimap.status.${value}`) })),
          ]}
          onChange={(event) => {
            const next = statusOf(event.currentTarget.value);
            setParams(next ? { status: next } : {}, { replace: true });
          }}
        />
        <Board
          clinicId={workspace.data.clinicId}
          status={status}
          linkPatients={passesGate(workspace.data, { permission: 'PATIENT' })}
        />
      </>
    );
  }
  return (
    <Stack gap="md">
      <PageTitle>{t('board.title')}</PageTitle>
      <Text>{t('board.intro')}</Text>
      {body}
    </Stack>
  );
}

function Board({
  clinicId,
  status,
  linkPatients,
}: {
  clinicId: string;
  status: TaskStatus | undefined;
  linkPatients: boolean;
}) {
  const { t, i18n } = useTranslation('health');
  const { t: tv } = useTranslation('vitals');
  const query = useQuery(clinicIntellimapQuery(clinicId, status));
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  if (!query.data) {
    return <QueryState query={query} />;
  }
  const { alerts, tasks, patientCount } = query.data;
  if (patientCount === 0) {
    return <Text>{t('board.noPatients')}</Text>;
  }
  const patient = (entry: { patientId: string; patientName: string }) =>
    linkPatients ? (
      <Anchor
        component={Link}
        to={`/provider/patient/${encodeURIComponent(entry.patientId)}/health/intellimap`}
        aria-label={t('board.openPatient', { name: entry.patientName })}
      >
        {entry.patientName}
      </Anchor>
    ) : (
      entry.patientName
    );
  return (
    <Stack gap="lg">
      <Text role="status">{t('board.patients', { count: patientCount })}</Text>
      <Stack component="section" aria-labelledby="board-alerts" gap="xs">
        <Title order={2} size="h3" id="board-alerts">
          {t('intellimap.alerts')}
        </Title>
        {alerts.length === 0 ? (
          <Text>{t('intellimap.noAlerts', { days: INTELLIMAP_ALERT_DAYS })}</Text>
        ) : (
          <ScrollRegion label={t('intellimap.alerts')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('board.patient')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.date')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.vital')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.value')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.goal')}</Table.Th>
                  <Table.Th scope="col">{t('intellimap.carePlan')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {alerts.map((alert) => (
                  <Table.Tr key={`${alert.patientId}-${alert.goalId}-${alert.recordedAt}`}>
                    <Table.Th scope="row">{patient(alert)}</Table.Th>
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
      <Stack component="section" aria-labelledby="board-tasks" gap="xs">
        <Title order={2} size="h3" id="board-tasks">
          {t('intellimap.tasks')}
        </Title>
        {tasks.length === 0 ? (
          <Text>{status ? t('board.noTasksOfStatus') : t('intellimap.noTasks')}</Text>
        ) : (
          <ScrollRegion label={t('intellimap.tasks')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('board.patient')}</Table.Th>
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
                  <Table.Tr key={`${task.patientId}-${task.goalId}`}>
                    <Table.Th scope="row">{patient(task)}</Table.Th>
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
