import { Alert, Anchor, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GOAL_TASK_STATUSES, type ClinicIntellimapQuery } from '@app/contracts/care-plans';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { passesGate, useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { clinicIntellimapQuery } from '../api/get-clinic-intellimap.ts';
import { IntellimapSections } from './intellimap-sections.tsx';
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
  const { t } = useTranslation('health');
  const query = useQuery(clinicIntellimapQuery(clinicId, status));
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
      <IntellimapSections
        alerts={alerts}
        tasks={tasks}
        idPrefix="board"
        noTasksText={status ? t('board.noTasksOfStatus') : t('intellimap.noTasks')}
        patientColumn={{ heading: t('board.patient'), cell: patient, key: (row) => row.patientId }}
      />
    </Stack>
  );
}
