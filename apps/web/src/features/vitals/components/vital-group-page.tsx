import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_VITAL_GROUP, VITAL_CHART_GROUPS, chartGroupOf } from '@app/contracts/vital-charts';
import { VITAL_HISTORY_DEFAULT_DAYS } from '@app/contracts/vitals';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ownCarePlansQuery } from '../../health/api/list-own-care-plans.ts';
import { ownVitalValuesQuery } from '../api/list-vital-values.ts';
import { VitalChart } from './vital-chart.tsx';
import { VitalEntryForm } from './vital-entry-form.tsx';

/**
 * spec 1 §2 graphs (/user/vital/group): the patient's chart of one spec 3 §3 group (?group=, default
 * blood pressure) with the goals of their care plans, and a form to add a reading.
 */
export function VitalGroupPage() {
  const { t } = useTranslation('vitals');
  const [params, setParams] = useSearchParams();
  const group =
    chartGroupOf(params.get('group')) ?? chartGroupOf(DEFAULT_VITAL_GROUP) ?? VITAL_CHART_GROUPS[0];
  const days = VITAL_HISTORY_DEFAULT_DAYS;
  const values = useQuery({ ...ownVitalValuesQuery(group?.chart ?? [], days), enabled: group !== undefined });
  const plans = useQuery(ownCarePlansQuery());
  if (!group) {
    return null;
  }
  const goals = (plans.data ?? []).flatMap((plan) => plan.goals);

  return (
    <Stack gap="lg" maw={900}>
      <PageTitle>{t('graphs.title')}</PageTitle>
      <NativeSelect
        label={t('graphs.group')}
        value={group.key}
        maw={360}
        data={VITAL_CHART_GROUPS.map((entry) => ({ value: entry.key, label: t(`group.${entry.key}`) }))}
        onChange={(event) => {
          setParams({ group: event.currentTarget.value }, { replace: true });
        }}
      />
      {values.isPending ? <Text role="status">{t('graphs.loading')}</Text> : null}
      {values.isError ? (
        <Alert color="red" role="alert">
          {t('graphs.loadError')}
        </Alert>
      ) : null}
      {values.data ? (
        <VitalChart group={group} values={values.data.values} goals={goals} days={days} />
      ) : null}
      <VitalEntryForm key={group.key} keys={group.form} />
    </Stack>
  );
}
