import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { intellimapQuery } from '../api/get-intellimap.ts';
import { IntellimapSections } from './intellimap-sections.tsx';
import type { HealthTabProps } from './patient-health-page.tsx';
import { QueryState } from './query-state.tsx';

/** Intellimap (view alerts/tasks): readings outside a care-plan goal, and the goals as tasks. */
export function IntellimapTab({ clinicId, patientId }: HealthTabProps) {
  const { t } = useTranslation('health');
  const query = useQuery(intellimapQuery(clinicId, patientId));
  if (!query.data) {
    return <QueryState query={query} />;
  }
  return (
    <Stack gap="lg">
      <IntellimapSections
        alerts={query.data.alerts}
        tasks={query.data.tasks}
        idPrefix="intellimap"
        noTasksText={t('intellimap.noTasks')}
      />
    </Stack>
  );
}
