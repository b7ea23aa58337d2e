import { z } from 'zod';

// Issue 5 item 10: the spec 3 §9 vital keys an intake asks for (decision 0021). US units: °F, lb, in,
// the units of spec 3 §9's chart axes. Ranges: the chart axis where it holds every real reading
// (systolic 60-200 becomes 60-250 so a hypertensive crisis can be entered), wider where the axis is a
// display window only (pulse axis 40-120, weight axis 10-260), spec 3 §4 for pain (0-10).

export interface VitalLimit {
  min: number;
  max: number;
  /** Decimal places accepted. */
  decimals: 0 | 1;
  unit: string;
}

export const VITAL_LIMITS = {
  pulse: { min: 30, max: 220, decimals: 0, unit: 'bpm' },
  systolic_bp: { min: 60, max: 250, decimals: 0, unit: 'mmHg' },
  diastolic_bp: { min: 30, max: 200, decimals: 0, unit: 'mmHg' },
  temperature: { min: 90, max: 110, decimals: 1, unit: '°F' },
  weight: { min: 2, max: 1000, decimals: 1, unit: 'lb' },
  height: { min: 12, max: 96, decimals: 1, unit: 'in' },
  oxygen_saturation: { min: 50, max: 100, decimals: 0, unit: '%' },
  pain: { min: 0, max: 10, decimals: 0, unit: '' },
} as const satisfies Record<string, VitalLimit>;
export type VitalKey = keyof typeof VITAL_LIMITS;

export function vitalRangeText(key: VitalKey): string {
  const limit = VITAL_LIMITS[key];
  return `Enter a value from ${limit.min} to ${limit.max}${limit.unit ? ` ${limit.unit}` : ''}.`;
}

function vital(key: VitalKey) {
  const limit = VITAL_LIMITS[key];
  const base = z
    .number({ error: vitalRangeText(key) })
    .min(limit.min, vitalRangeText(key))
    .max(limit.max, vitalRangeText(key));
  return (limit.decimals === 0 ? base.int('Enter a whole number.') : base)
    .nullish()
    .transform((value) => value ?? null);
}

export const BLOOD_PRESSURE_PAIR_TEXT = 'Enter both the systolic and the diastolic pressure.';
export const BLOOD_PRESSURE_ORDER_TEXT = 'The diastolic pressure must be lower than the systolic.';
export const VITALS_EMPTY_TEXT = 'Enter at least one vital.';

/** BMI from pounds and inches (the CDC formula), one decimal. */
export function bmiOf(weightLb: number | null, heightIn: number | null): number | null {
  if (!weightLb || !heightIn) {
    return null;
  }
  return Math.round(((703 * weightLb) / (heightIn * heightIn)) * 10) / 10;
}

export const vitalsInputSchema = z
  .object({
    pulse: vital('pulse'),
    systolicBp: vital('systolic_bp'),
    diastolicBp: vital('diastolic_bp'),
    temperature: vital('temperature'),
    weight: vital('weight'),
    height: vital('height'),
    oxygenSaturation: vital('oxygen_saturation'),
    pain: vital('pain'),
  })
  .superRefine((value, context) => {
    if ((value.systolicBp === null) !== (value.diastolicBp === null)) {
      context.addIssue({
        code: 'custom',
        path: [value.systolicBp === null ? 'systolicBp' : 'diastolicBp'],
        message: BLOOD_PRESSURE_PAIR_TEXT,
      });
    } else if (
      value.systolicBp !== null &&
      value.diastolicBp !== null &&
      value.diastolicBp >= value.systolicBp
    ) {
      context.addIssue({ code: 'custom', path: ['diastolicBp'], message: BLOOD_PRESSURE_ORDER_TEXT });
    }
    if (Object.values(value).every((entry) => entry === null)) {
      context.addIssue({ code: 'custom', path: [], message: VITALS_EMPTY_TEXT });
    }
  });
export type VitalsInput = z.input<typeof vitalsInputSchema>;

export const vitalReadingSchema = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  appointmentId: z.string().nullable(),
  pulse: z.number().nullable(),
  systolicBp: z.number().nullable(),
  diastolicBp: z.number().nullable(),
  temperature: z.number().nullable(),
  weight: z.number().nullable(),
  height: z.number().nullable(),
  bmi: z.number().nullable(),
  oxygenSaturation: z.number().nullable(),
  pain: z.number().nullable(),
  recordedAt: z.string(),
});
export type VitalReading = z.infer<typeof vitalReadingSchema>;
export const taskVitalsResponseSchema = z.object({ reading: vitalReadingSchema.nullable() });

export const vitalsTaskParamsSchema = z.object({ taskId: z.uuid('The task id is not valid') });
