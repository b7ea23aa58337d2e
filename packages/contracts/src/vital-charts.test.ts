import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VITAL_AXIS,
  PAIN_BANDS,
  VITAL_CHART_GROUPS,
  axisOf,
  axisPlanOf,
  axisTicks,
  chartGroupOf,
  painBandOf,
} from './vital-charts.ts';
import { VITAL_KEYS, VITAL_LIMITS } from './vitals.ts';

const unitOf = (key: keyof typeof VITAL_LIMITS) => VITAL_LIMITS[key].unit;
function planOf(name: string) {
  const found = chartGroupOf(name);
  if (!found) {
    throw new Error(`no group ${name}`);
  }
  return axisPlanOf(found, unitOf);
}

describe('spec 3 §9 chart axes', () => {
  it('has the spec ranges and steps', () => {
    expect(axisOf('pulse')).toEqual({ min: 40, max: 120, step: 20 });
    expect(axisOf('weight')).toEqual({ min: 10, max: 260, step: 20 });
    expect(axisOf('blood_sugar')).toEqual({ min: 20, max: 240, step: 20 });
    expect(axisOf('calories_intake')).toEqual({ min: 0, max: 4000, step: 500 });
    expect(axisOf('carbohydrates')).toEqual({ min: 0, max: 500, step: 50 });
    expect(axisOf('cholesterol')).toEqual({ min: 0, max: 400, step: 40 });
    expect(axisOf('diastolic_bp')).toEqual({ min: 40, max: 200, step: 20 });
    expect(axisOf('distance')).toEqual({ min: 0, max: 20, step: 2 });
    expect(axisOf('insulin')).toEqual({ min: 0, max: 20, step: 2 });
    expect(axisOf('peakflow_morning')).toEqual({ min: 200, max: 1400, step: 50 });
    expect(axisOf('steps')).toEqual({ min: 0, max: 20000, step: 2000 });
    expect(axisOf('triglyceride')).toEqual({ min: 0, max: 440, step: 40 });
    expect(axisOf('potassium_intake')).toEqual({ min: 0, max: 5000, step: 500 });
    expect(axisOf('sodium_intake')).toEqual({ min: 0, max: 5000, step: 500 });
    // Ranges given without a step.
    expect(axisOf('bmi')).toMatchObject({ min: 15, max: 35 });
    expect(axisOf('systolic_bp')).toMatchObject({ min: 60, max: 200 });
    expect(axisOf('ldl')).toMatchObject({ min: 0, max: 200 });
    expect(axisOf('hdl')).toMatchObject({ min: 0, max: 100 });
    expect(axisOf('stairs')).toMatchObject({ min: 0, max: 500 });
    expect(axisOf('temperature')).toMatchObject({ min: 95, max: 105 });
    expect(axisOf('waist')).toMatchObject({ min: 0, max: 50 });
    expect(axisOf('pain')).toEqual({ min: 0, max: 9, step: 1 });
  });

  it('falls back to 0-100 step 1', () => {
    expect(DEFAULT_VITAL_AXIS).toEqual({ min: 0, max: 100, step: 1 });
    expect(axisOf('muscle')).toEqual(DEFAULT_VITAL_AXIS);
    expect(axisOf('vitamin_c')).toEqual(DEFAULT_VITAL_AXIS);
  });

  it('every step divides into ticks that start at min and end at max', () => {
    for (const key of VITAL_KEYS) {
      const axis = axisOf(key);
      const ticks = axisTicks(axis);
      expect(ticks[0], key).toBe(axis.min);
      expect(ticks.at(-1), key).toBe(axis.max);
      expect(axis.step, key).toBeGreaterThan(0);
    }
  });

  it('lists the tick labels of pulse and weight (weight ends on 250 + the max 260)', () => {
    expect(axisTicks(axisOf('pulse'))).toEqual([40, 60, 80, 100, 120]);
    const weight = axisTicks(axisOf('weight'));
    expect(weight.slice(0, 3)).toEqual([10, 30, 50]);
    expect(weight.slice(-2)).toEqual([250, 260]);
    expect(weight).toHaveLength(14);
    expect(axisTicks(DEFAULT_VITAL_AXIS)).toHaveLength(101);
  });
});

describe('spec 3 §9 pain bands', () => {
  it('are green 0-3.33, yellow 3-6.33, red 6-10', () => {
    expect(PAIN_BANDS).toEqual([
      { colour: 'green', from: 0, to: 3.33 },
      { colour: 'yellow', from: 3, to: 6.33 },
      { colour: 'red', from: 6, to: 10 },
    ]);
  });
  it('puts a value in the lower band where they overlap', () => {
    expect([0, 2, 3, 4, 6, 7, 10].map(painBandOf)).toEqual([
      'green',
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
    expect(painBandOf(11)).toBeNull();
    expect(painBandOf(-1)).toBeNull();
  });
});

describe('spec 3 §3 chart groups', () => {
  it('has every group of the spec once, each with known vitals', () => {
    const names = VITAL_CHART_GROUPS.map((entry) => entry.key);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'nutrition_sodium_potassium',
      'nutrition_vitamins',
      'nutrition_carbs',
      'nutrition_fat',
      'nutrition_energy',
      'muscle',
      'bone',
      'water',
      'fat',
      'pain',
      'calories_burned',
      'distance',
      'stairs',
      'steps',
      'calories',
      'waist',
      'bmi',
      'weight',
      'temperature',
      'oxygen_saturation',
      'peak_flow',
      'exercise_cholesterol',
      'bmi_cholesterol',
      'diet_cholesterol',
      'triglyceride',
      'ldl',
      'hdl',
      'total_cholesterol',
      'pulse',
      'blood_pressure',
      'insulin',
      'carbohydrates',
      'blood_sugar',
      'exercise',
    ]);
    for (const entry of VITAL_CHART_GROUPS) {
      expect(entry.chart.length, entry.key).toBeGreaterThan(0);
      for (const key of [...entry.chart, ...entry.form]) {
        expect(VITAL_KEYS, entry.key).toContain(key);
      }
    }
  });

  it('covers the vitals the spec names for its groups', () => {
    expect(chartGroupOf('blood_pressure')?.chart).toEqual(['systolic_bp', 'diastolic_bp']);
    expect(chartGroupOf('bmi')).toMatchObject({ chart: ['bmi'], form: ['height', 'weight'] });
    expect(chartGroupOf('peak_flow')?.chart).toEqual(['peakflow_evening', 'peakflow_morning']);
    expect(chartGroupOf('insulin')?.chart).toEqual(['blood_sugar', 'insulin']);
    expect(chartGroupOf('exercise')?.chart).toEqual(['blood_sugar', 'steps']);
    expect(chartGroupOf('diet_cholesterol')?.chart).toEqual(['cholesterol', 'saturated_fat_intake']);
    expect(chartGroupOf('calories')?.chart).toEqual(['calories_intake', 'calories_burned']);
    expect(chartGroupOf('nope')).toBeUndefined();
  });

  it('shares an axis within a unit and uses the right axis for a second unit', () => {
    const pressure = planOf('blood_pressure');
    expect(pressure.left).toEqual({ min: 40, max: 200, step: 20 });
    expect(pressure.right).toBeNull();
    const insulin = planOf('insulin');
    expect(insulin.left).toEqual({ min: 20, max: 240, step: 20 });
    expect(insulin.right).toEqual({ min: 0, max: 20, step: 2 });
    expect(insulin.side).toEqual({ blood_sugar: 'left', insulin: 'right' });
    expect(planOf('pulse').left).toEqual({ min: 40, max: 120, step: 20 });
  });
});
