import { NativeSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VITAL_GROUP, VITAL_CHART_GROUPS, chartGroupOf } from '@app/contracts/vital-charts';
import { VITAL_HISTORY_DEFAULT_DAYS } from '@app/contracts/vitals';
import { patientVitalValuesQuery } from '../../vitals/api/list-vital-values.ts';
import { VitalChart } from '../../vitals/components/vital-chart.tsx';
import { carePlansQuery } from '../api/list-care-plans.ts';
import type { HealthTabProps } from './patient-health-page.tsx';
import { QueryState } from './query-state.tsx';

/** Graphs & Goals: the patient's charts (spec 3 §9 axes) with the goals of their care plans. */
export function GraphsGoalsTab({ clinicId, patientId }: HealthTabProps) {
  const { t } = useTranslation('health');
  const { t: tv } = useTranslation('vitals');
  const [groupKey, setGroupKey] = useState<string>(DEFAULT_VITAL_GROUP);
  const group = chartGroupOf(groupKey) ?? VITAL_CHART_GROUPS[0];
  const days = VITAL_HISTORY_DEFAULT_DAYS;
  const values = useQuery({
    ...patientVitalValuesQuery(clinicId, patientId, group?.chart ?? [], days),
    enabled: group !== undefined,
  });
  const plans = useQuery(carePlansQuery(clinicId, patientId));
  if (!group) {
    return null;
  }
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('graphs.group')}
        value={group.key}
        maw={360}
        data={VITAL_CHART_GROUPS.map((entry) => ({ value: entry.key, label: tv(`group.${entry.key}`) }))}
        onChange={(event) => {
          setGroupKey(event.currentTarget.value);
        }}
      />
      {values.data ? (
        <VitalChart
          group={group}
          values={values.data.values}
          goals={(plans.data ?? []).flatMap((plan) => plan.goals)}
          days={days}
        />
      ) : (
        <QueryState query={values} />
      )}
    </Stack>
  );
}
