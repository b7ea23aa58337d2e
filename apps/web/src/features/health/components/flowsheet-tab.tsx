import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VITAL_HISTORY_DEFAULT_DAYS, VITAL_KEYS, VITAL_LIMITS, type VitalKey } from '@app/contracts/vitals';
import { patientVitalValuesQuery } from '../../vitals/api/list-vital-values.ts';
import { VitalReadingsTable } from '../../vitals/components/vital-readings-table.tsx';
import type { HealthTabProps } from './patient-health-page.tsx';
import { QueryState } from './query-state.tsx';

/** Flowsheet (view vitals): the readings by date (rows, newest first) and vital (columns). */
export function FlowsheetTab({ clinicId, patientId }: HealthTabProps) {
  const { t } = useTranslation('health');
  const { t: tv } = useTranslation('vitals');
  const days = VITAL_HISTORY_DEFAULT_DAYS;
  const query = useQuery(patientVitalValuesQuery(clinicId, patientId, VITAL_KEYS, days));
  if (!query.data) {
    return <QueryState query={query} />;
  }
  const rows = new Map<string, Partial<Record<VitalKey, number>>>();
  const present = new Set<VitalKey>();
  for (const value of query.data.values) {
    const row = rows.get(value.recordedAt) ?? {};
    row[value.key] = value.value;
    rows.set(value.recordedAt, row);
    present.add(value.key);
  }
  if (rows.size === 0) {
    return <Text>{t('flowsheet.empty', { days })}</Text>;
  }
  const keys = VITAL_KEYS.filter((key) => present.has(key));
  const times = [...rows.keys()].sort().reverse();
  return (
    <VitalReadingsTable
      caption={t('flowsheet.caption', { days })}
      dateHeader={t('flowsheet.date')}
      keys={keys}
      columnLabel={(key) =>
        `${tv(`key.${key}`)}${VITAL_LIMITS[key].unit ? ` (${VITAL_LIMITS[key].unit})` : ''}`
      }
      times={times}
      readings={rows}
      testId="flowsheet"
    />
  );
}
