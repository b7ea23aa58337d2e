import { describe, expect, it } from 'vitest';
import { bmiOf, vitalsInputSchema } from './vitals.ts';

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
