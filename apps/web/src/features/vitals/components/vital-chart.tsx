import '@mantine/charts/styles.css';
import { LineChart, type ChartReferenceAreaProps, type ChartReferenceLineProps } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CarePlanGoal } from '@app/contracts/care-plans';
import { VitalReadingsTable } from './vital-readings-table.tsx';
import {
  PAIN_BANDS,
  axisPlanOf,
  axisTicks,
  type PainBandColour,
  type VitalAxis,
  type VitalChartGroup,
} from '@app/contracts/vital-charts';
import { VITAL_LIMITS, type VitalKey, type VitalValue } from '@app/contracts/vitals';
import { formatInstant } from '../../../lib/dates/format-time.ts';

// Issue 6 item 9: one chart of a spec 3 §3 group with the §9 axes (range, step; pain bands), drawn
// with @mantine/charts (recharts). Shared by the patient's graphs and the provider's Graphs & Goals.
// The SVG is hidden from assistive technology; the caption, goal and band texts and the data table
// carry the same information (WCAG 1.1.1).

const SERIES_COLOURS = ['blue.8', 'grape.8', 'teal.9', 'orange.9', 'red.9'] as const;
const BAND_COLOURS: Record<PainBandColour, string> = { green: 'green.6', yellow: 'yellow.5', red: 'red.6' };
/** Axes with more ticks than this let recharts skip labels that would overlap (the 0-100 step 1 default). */
const MAX_FORCED_TICKS = 21;

export function unitOf(key: VitalKey): string {
  return VITAL_LIMITS[key].unit;
}

function axisProps(axis: VitalAxis) {
  const ticks = axisTicks(axis);
  return {
    type: 'number' as const,
    domain: [axis.min, axis.max],
    ticks,
    interval: ticks.length <= MAX_FORCED_TICKS ? (0 as const) : ('preserveEnd' as const),
    allowDecimals: true,
  };
}

export interface VitalChartProps {
  group: VitalChartGroup;
  values: readonly VitalValue[];
  goals?: readonly CarePlanGoal[];
  days: number;
}

export function VitalChart({ group, values, goals = [], days }: VitalChartProps) {
  const { t, i18n } = useTranslation('vitals');
  const plan = axisPlanOf(group, unitOf);
  const dateFormat = (value: string) => formatInstant(value, { language: i18n.language, style: 'dayMonth' });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  const keys = group.chart;
  const byTime = new Map<string, Partial<Record<VitalKey, number>>>();
  for (const value of values) {
    if (!keys.includes(value.key)) {
      continue;
    }
    const row = byTime.get(value.recordedAt) ?? {};
    row[value.key] = value.value;
    byTime.set(value.recordedAt, row);
  }
  const times = [...byTime.keys()].sort();
  const data = times.map((time) => ({ date: dateFormat(time), ...byTime.get(time) }));
  const groupGoals = goals.filter((goal) => keys.includes(goal.key));
  const label = (key: VitalKey) => t(`key.${key}`);
  const caption = t('graphs.caption', { group: t(`group.${group.key}`), days });

  const referenceLines: ChartReferenceLineProps[] = groupGoals.flatMap((goal) =>
    [goal.targetMin, goal.targetMax]
      .filter((target): target is number => target !== null)
      .map((target) => ({
        y: target,
        color: 'gray.8',
        strokeDasharray: '6 4',
        label: `${label(goal.key)} ${number.format(target)}`,
        ...(plan.side[goal.key] === 'right' ? { yAxisId: 'right' } : {}),
      })),
  );
  // spec 3 §9 pain bands behind the pain line.
  const referenceAreas: ChartReferenceAreaProps[] = keys.includes('pain')
    ? PAIN_BANDS.map((band) => ({
        y1: band.from,
        y2: band.to,
        color: BAND_COLOURS[band.colour],
        fillOpacity: 0.15,
        strokeOpacity: 0,
        // The red band (6-10) passes the 0-9 axis: clip it rather than drop it.
        ifOverflow: 'hidden' as const,
        ...(plan.side.pain === 'right' ? { yAxisId: 'right' } : {}),
      }))
    : [];

  const goalText = (goal: CarePlanGoal) => {
    const min = goal.targetMin === null ? null : number.format(goal.targetMin);
    const max = goal.targetMax === null ? null : number.format(goal.targetMax);
    const target =
      min !== null && max !== null
        ? t('graphs.goalBetween', { min, max })
        : min !== null
          ? t('graphs.goalAtLeast', { min })
          : t('graphs.goalAtMost', { max: max ?? '' });
    return t('graphs.goal', { vital: label(goal.key), target });
  };

  return (
    <Stack component="figure" gap="xs" m={0} data-testid={`vital-chart-${group.key}`}>
      <Text component="figcaption" fw={600}>
        {caption}
      </Text>
      <div aria-hidden="true">
        <LineChart
          h={300}
          data={data}
          dataKey="date"
          accessibilityLayer={false}
          withLegend
          withTooltip={false}
          connectNulls
          curveType="linear"
          series={keys.map((key, index) => ({
            name: key,
            label: `${label(key)}${unitOf(key) ? ` (${unitOf(key)})` : ''}`,
            color: SERIES_COLOURS[index % SERIES_COLOURS.length] ?? 'blue.8',
            ...(plan.side[key] === 'right' ? { yAxisId: 'right' } : {}),
          }))}
          yAxisProps={axisProps(plan.left)}
          withRightYAxis={plan.right !== null}
          {...(plan.right ? { rightYAxisProps: axisProps(plan.right) } : {})}
          referenceLines={referenceLines}
          referenceAreas={referenceAreas}
        />
      </div>
      {keys.includes('pain') ? <Text size="sm">{t('graphs.painBands')}</Text> : null}
      {groupGoals.map((goal) => (
        <Text size="sm" key={goal.id}>
          {goalText(goal)}
        </Text>
      ))}
      {data.length === 0 ? (
        <Text size="sm">{t('graphs.empty', { days })}</Text>
      ) : (
        <details>
          <summary>{t('graphs.dataTable')}</summary>
          <VitalReadingsTable
            caption={caption}
            dateHeader={t('graphs.date')}
            keys={keys}
            columnLabel={(key) =>
              unitOf(key) ? t('graphs.valueLabel', { vital: label(key), unit: unitOf(key) }) : label(key)
            }
            times={times}
            readings={byTime}
          />
        </details>
      )}
    </Stack>
  );
}
