import { describe, expect, it } from 'vitest';
import {
  VITAL_KEYS,
  VITAL_LIMITS,
  bmiOf,
  vitalEntryInputSchema,
  vitalSeriesQuerySchema,
  vitalValueProblem,
  vitalsInputSchema,
} from './vitals.ts';

describe('vitals ranges (issue 5 item 10)', () => {
  it('accepts a full intake and zero pain', () => {
    expect(
      vitalsInputSchema.safeParse({
        pulse: 72,
        systolicBp: 120,
        diastolicBp: 80,
        temperature: 98.6,
        weight: 150,
        height: 65,
        oxygenSaturation: 98,
        pain: 0,
      }).success,
    ).toBe(true);
  });
  it('refuses out-of-range values, fractional pain, half a blood pressure and nothing at all', () => {
    for (const input of [
      { pulse: 10 },
      { pain: 11 },
      { pain: 1.5 },
      { oxygenSaturation: 101 },
      { systolicBp: 120 },
      {},
    ]) {
      expect(vitalsInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
  it('computes BMI from pounds and inches', () => {
    expect(bmiOf(150, 65)).toBe(25);
    expect(bmiOf(null, 65)).toBeNull();
  });
});

describe('vital entries (issue 6 item 9)', () => {
  it('has a limit and unit for every key of spec 3 §3', () => {
    expect(VITAL_KEYS).toHaveLength(49);
    for (const key of VITAL_KEYS) {
      expect(VITAL_LIMITS[key].max, key).toBeGreaterThan(VITAL_LIMITS[key].min);
    }
  });

  it('accepts values within their limits', () => {
    const parsed = vitalEntryInputSchema.safeParse({
      values: { pain: 10, steps: 8000, systolic_bp: 120, diastolic_bp: 80, weight: 150.5 },
    });
    expect(parsed.success).toBe(true);
    expect(vitalEntryInputSchema.safeParse({ values: { pain: 0 } }).success).toBe(true);
  });

  it('refuses pain outside 0-10 (spec 3 §5), fractions, unknown keys, bmi, half a pressure, nothing', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pain: 11 }, 'pain'],
      [{ pain: -1 }, 'pain'],
      [{ pain: 2.5 }, 'pain'],
      [{ pain: '3' }, 'pain'],
      [{ weight: 150.25 }, 'weight'],
      [{ nope: 3 }, 'nope'],
      [{ bmi: 22 }, 'bmi'],
      [{ systolic_bp: 120 }, 'diastolic_bp'],
      [{ systolic_bp: 80, diastolic_bp: 90 }, 'diastolic_bp'],
    ];
    for (const [values, field] of cases) {
      const parsed = vitalEntryInputSchema.safeParse({ values });
      expect(parsed.success, JSON.stringify(values)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(`values.${field}`);
    }
    expect(vitalEntryInputSchema.safeParse({ values: {} }).success).toBe(false);
    expect(vitalValueProblem('pain', 10)).toBeNull();
  });

  it('reads the series query: keys and days', () => {
    expect(vitalSeriesQuerySchema.parse({ keys: 'pulse,weight' })).toEqual({
      keys: ['pulse', 'weight'],
      days: 90,
    });
    expect(vitalSeriesQuerySchema.parse({}).keys).toHaveLength(49);
    expect(vitalSeriesQuerySchema.safeParse({ keys: 'pulse,nope' }).success).toBe(false);
    expect(vitalSeriesQuerySchema.safeParse({ days: '0' }).success).toBe(false);
    expect(vitalSeriesQuerySchema.safeParse({ days: '400' }).success).toBe(false);
  });
});
