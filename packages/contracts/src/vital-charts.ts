import type { VitalKey } from './vitals.ts';

// Issue 6 item 9: spec 3 §3 chart/form groups and spec 3 §9 chart axes and pain bands, as one table
// that the patient's graphs (/user/vital/group) and the provider's Graphs & Goals both draw from
// (decision 0028).

export interface VitalAxis {
  min: number;
  max: number;
  step: number;
}

/** spec 3 §9: "default 0-100 step 1". */
export const DEFAULT_VITAL_AXIS: VitalAxis = { min: 0, max: 100, step: 1 };

/**
 * spec 3 §9 chart axis ranges per vital. Where the spec gives a range without a step (bmi, systolic,
 * ldl, hdl, stairs, temperature, waist) the step is a tenth of the range — except systolic, which
 * takes diastolic's 20 so the two share the blood-pressure chart's grid (decision 0028). Keys the
 * spec does not name take the default.
 */
export const VITAL_AXES: Partial<Record<VitalKey, VitalAxis>> = {
  blood_sugar: { min: 20, max: 240, step: 20 },
  blood_sugar_before_meal: { min: 20, max: 240, step: 20 },
  bmi: { min: 15, max: 35, step: 2 },
  calories_intake: { min: 0, max: 4000, step: 500 },
  calories_burned: { min: 0, max: 4000, step: 500 },
  carbohydrates: { min: 0, max: 500, step: 50 },
  cholesterol: { min: 0, max: 400, step: 40 },
  diastolic_bp: { min: 40, max: 200, step: 20 },
  systolic_bp: { min: 60, max: 200, step: 20 },
  distance: { min: 0, max: 20, step: 2 },
  insulin: { min: 0, max: 20, step: 2 },
  ldl: { min: 0, max: 200, step: 20 },
  hdl: { min: 0, max: 100, step: 10 },
  peakflow_evening: { min: 200, max: 1400, step: 50 },
  peakflow_morning: { min: 200, max: 1400, step: 50 },
  pulse: { min: 40, max: 120, step: 20 },
  steps: { min: 0, max: 20000, step: 2000 },
  stairs: { min: 0, max: 500, step: 50 },
  temperature: { min: 95, max: 105, step: 1 },
  triglyceride: { min: 0, max: 440, step: 40 },
  waist: { min: 0, max: 50, step: 5 },
  weight: { min: 10, max: 260, step: 20 },
  potassium_intake: { min: 0, max: 5000, step: 500 },
  sodium_intake: { min: 0, max: 5000, step: 500 },
  // spec 3 §9: "Pain 0-10 ... (pain axis 0-9)" — the axis stops at 9 although §5 allows pain 10. Kept
  // as written; the chart widens the axis for a reading of 10 rather than cut it off.
  pain: { min: 0, max: 9, step: 1 },
};

export function axisOf(key: VitalKey): VitalAxis {
  return VITAL_AXES[key] ?? DEFAULT_VITAL_AXIS;
}

/**
 * Tick values of an axis: from min by step; spec 3 §9 has ranges that the step does not divide
 * (weight 10-260 step 20 ends on 250), so the max is added as the last tick.
 */
export function axisTicks(axis: VitalAxis): number[] {
  const ticks: number[] = [];
  // Integer arithmetic on the step count avoids drift with fractional steps.
  const count = Math.floor((axis.max - axis.min) / axis.step + 1e-9);
  for (let index = 0; index <= count; index += 1) {
    ticks.push(Math.round((axis.min + index * axis.step) * 1000) / 1000);
  }
  if (ticks[ticks.length - 1] !== axis.max) {
    ticks.push(axis.max);
  }
  return ticks;
}

export type PainBandColour = 'green' | 'yellow' | 'red';
export interface PainBand {
  colour: PainBandColour;
  from: number;
  to: number;
}

/** spec 3 §9: "Pain 0-10 with coloured bands green 0-3.33, yellow 3-6.33, red 6-10" (they overlap). */
export const PAIN_BANDS: readonly PainBand[] = [
  { colour: 'green', from: 0, to: 3.33 },
  { colour: 'yellow', from: 3, to: 6.33 },
  { colour: 'red', from: 6, to: 10 },
];

/**
 * The band a pain value falls in. The spec's bands overlap (3-3.33, 6-6.33); the lower band wins
 * there, so a 3 is green and a 6 yellow.
 */
export function painBandOf(value: number): PainBandColour | null {
  return PAIN_BANDS.find((band) => value >= band.from && value <= band.to)?.colour ?? null;
}

/** spec 3 §3 chart/form group names. */
export type VitalGroupKey =
  | 'nutrition_sodium_potassium'
  | 'nutrition_vitamins'
  | 'nutrition_carbs'
  | 'nutrition_fat'
  | 'nutrition_energy'
  | 'muscle'
  | 'bone'
  | 'water'
  | 'fat'
  | 'pain'
  | 'calories_burned'
  | 'distance'
  | 'stairs'
  | 'steps'
  | 'calories'
  | 'waist'
  | 'bmi'
  | 'weight'
  | 'temperature'
  | 'oxygen_saturation'
  | 'peak_flow'
  | 'exercise_cholesterol'
  | 'bmi_cholesterol'
  | 'diet_cholesterol'
  | 'triglyceride'
  | 'ldl'
  | 'hdl'
  | 'total_cholesterol'
  | 'pulse'
  | 'blood_pressure'
  | 'insulin'
  | 'carbohydrates'
  | 'blood_sugar'
  | 'exercise';

export interface VitalChartGroup {
  /** spec 3 §3 group name; also the ?group= of /user/vital/group. */
  key: VitalGroupKey;
  /** Vitals drawn on the chart. */
  chart: readonly VitalKey[];
  /** Vitals the group's form asks for (bmi asks height and weight and draws the computed bmi). */
  form: readonly VitalKey[];
}

function group(
  key: VitalGroupKey,
  chart: readonly VitalKey[],
  form: readonly VitalKey[] = chart,
): VitalChartGroup {
  return { key, chart, form };
}

/**
 * spec 3 §3 "Chart/form groups and the vitals each covers". Where the spec names only the group, the
 * vitals are the keys of §3 the name covers (decision 0028). The sleep keys of §3 are in no group.
 */
export const VITAL_CHART_GROUPS: readonly VitalChartGroup[] = [
  group('nutrition_sodium_potassium', ['sodium_intake', 'potassium_intake']),
  group('nutrition_vitamins', ['vitamin_a', 'vitamin_b', 'vitamin_c', 'iron_intake', 'calcium_intake']),
  group('nutrition_carbs', ['carbohydrates', 'sugars_intake', 'fiber']),
  group('nutrition_fat', [
    'fat_total',
    'saturated_fat_intake',
    'trans_fat_intake',
    'monounsaturated_fat_intake',
    'polyunsaturated_fat_intake',
  ]),
  group('nutrition_energy', ['calories_intake', 'protein_intake']),
  group('muscle', ['muscle']),
  group('bone', ['bone']),
  group('water', ['water']),
  group('fat', ['fat']),
  group('pain', ['pain']),
  group('calories_burned', ['calories_burned']),
  group('distance', ['distance']),
  group('stairs', ['stairs']),
  group('steps', ['steps']),
  group('calories', ['calories_intake', 'calories_burned']),
  group('waist', ['waist']),
  group('bmi', ['bmi'], ['height', 'weight']),
  group('weight', ['weight']),
  group('temperature', ['temperature']),
  group('oxygen_saturation', ['oxygen_saturation']),
  group('peak_flow', ['peakflow_evening', 'peakflow_morning']),
  group('exercise_cholesterol', ['cholesterol', 'steps']),
  group('bmi_cholesterol', ['bmi', 'cholesterol'], ['height', 'weight', 'cholesterol']),
  group('diet_cholesterol', ['cholesterol', 'saturated_fat_intake']),
  group('triglyceride', ['triglyceride']),
  group('ldl', ['ldl']),
  group('hdl', ['hdl']),
  group('total_cholesterol', ['cholesterol']),
  group('pulse', ['pulse']),
  group('blood_pressure', ['systolic_bp', 'diastolic_bp']),
  group('insulin', ['blood_sugar', 'insulin']),
  group('carbohydrates', ['blood_sugar', 'carbohydrates']),
  group('blood_sugar', ['blood_sugar', 'blood_sugar_before_meal']),
  group('exercise', ['blood_sugar', 'steps']),
];

export const DEFAULT_VITAL_GROUP: VitalGroupKey = 'blood_pressure';

export function chartGroupOf(key: string | null | undefined): VitalChartGroup | undefined {
  return VITAL_CHART_GROUPS.find((entry) => entry.key === key);
}

export interface ChartAxisPlan {
  /** The axis of each charted vital: 'left' or 'right'. */
  side: Partial<Record<VitalKey, 'left' | 'right'>>;
  left: VitalAxis;
  right: VitalAxis | null;
}

function sameAxis(a: VitalAxis, b: VitalAxis): boolean {
  return a.min === b.min && a.max === b.max && a.step === b.step;
}

function union(axes: VitalAxis[]): VitalAxis {
  return {
    min: Math.min(...axes.map((axis) => axis.min)),
    max: Math.max(...axes.map((axis) => axis.max)),
    step: Math.max(...axes.map((axis) => axis.step)),
  };
}

/**
 * How a group's vitals share axes: vitals of one unit share the left axis (the union of their §9
 * ranges: blood pressure 40-200 step 20); a second unit gets the right axis (insulin: blood sugar
 * 20-240 on the left, insulin 0-20 on the right). Groups of more than two units draw the rest on the
 * right axis's union.
 */
export function axisPlanOf(chartGroup: VitalChartGroup, unitOf: (key: VitalKey) => string): ChartAxisPlan {
  const [first, ...rest] = chartGroup.chart;
  if (!first) {
    return { side: {}, left: DEFAULT_VITAL_AXIS, right: null };
  }
  const leftUnit = unitOf(first);
  const leftKeys = [first, ...rest.filter((key) => unitOf(key) === leftUnit)];
  const rightKeys = rest.filter((key) => unitOf(key) !== leftUnit);
  const side: ChartAxisPlan['side'] = {};
  for (const key of leftKeys) {
    side[key] = 'left';
  }
  for (const key of rightKeys) {
    side[key] = 'right';
  }
  const leftAxes = leftKeys.map(axisOf);
  const rightAxes = rightKeys.map(axisOf);
  const left = leftAxes.every((axis) => sameAxis(axis, leftAxes[0] ?? axis))
    ? axisOf(first)
    : union(leftAxes);
  return { side, left, right: rightAxes.length > 0 ? union(rightAxes) : null };
}
