import { useState } from 'react';
import { NativeSelect, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAVIGATION_STAGES, type NavigationEntry, type NavigationStage } from '@app/contracts/worklists';
import { navigationQuery, updateNavigation } from '../api/patient-navigation.ts';
import { formatDate, QueryState, WorkspaceScreen } from './workspace-screen.tsx';

const STAGE_KEY = {
  referral: 'stageReferral',
  intake: 'stageIntake',
  diagnostics: 'stageDiagnostics',
  treatment: 'stageTreatment',
  'follow-up': 'stageFollow-up',
  completed: 'stageCompleted',
} as const satisfies Record<NavigationStage, string>;

/** /provider/patient-navigation: the Tracker of spec 3 §2 (PATIENT_NAVIGATION permission and module). */
export function PatientNavigationPage() {
  const { t } = useTranslation('providerAdmin');
  return (
    <WorkspaceScreen title={t('trackerTitle')}>
      {(workspace) => <Tracker clinicId={workspace.clinicId} />}
    </WorkspaceScreen>
  );
}

function Tracker({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation('providerAdmin');
  const entries = useQuery(navigationQuery(clinicId));
  if (!entries.data) {
    return <QueryState isError={entries.isError} isLoading={entries.isLoading} />;
  }
  if (entries.data.length === 0) {
    return <Text>{t('trackerEmpty')}</Text>;
  }
  return (
    <>
      <Text>{t('trackerIntro')}</Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('trackerPatient')}</Table.Th>
              <Table.Th scope="col">{t('trackerStage')}</Table.Th>
              <Table.Th scope="col">{t('trackerNote')}</Table.Th>
              <Table.Th scope="col">{t('trackerUpdated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.data.map((entry) => (
              <TrackerRow key={entry.id} entry={entry} clinicId={clinicId} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function TrackerRow({ entry, clinicId }: { entry: NavigationEntry; clinicId: string }) {
  const { t, i18n } = useTranslation('providerAdmin');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  return (
    <Table.Tr>
      <Table.Th scope="row">{entry.patientName}</Table.Th>
      <Table.Td>
        <NativeSelect
          aria-label={t('stageFor', { name: entry.patientName })}
          value={entry.stage}
          error={error}
          data={NAVIGATION_STAGES.map((stage) => ({ value: stage, label: t(STAGE_KEY[stage]) }))}
          onChange={(event) => {
            const stage = event.currentTarget.value as NavigationStage;
            setError(null);
            updateNavigation(clinicId, entry.id, stage)
              .then(() => queryClient.invalidateQueries({ queryKey: navigationQuery(clinicId).queryKey }))
              .catch(() => {
                setError(t('saveFailed'));
              });
          }}
        />
      </Table.Td>
      <Table.Td>{entry.note}</Table.Td>
      <Table.Td>{formatDate(entry.updatedAt, i18n.language)}</Table.Td>
    </Table.Tr>
  );
}
