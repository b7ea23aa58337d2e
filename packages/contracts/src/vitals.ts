import { z } from 'zod';
import { singleLineText } from './text.ts';

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
  // Issue 6 item 9: every other vital key of spec 3 §3 (decision 0028). Units are those of the §9 chart
  // axes where they name one (mg/dL, kcal, steps, lb, in, °F); limits are wide enough for any real
  // reading and refuse typos (a daily intake, a lab value, a body-composition percentage).
  potassium_intake: { min: 0, max: 20000, decimals: 0, unit: 'mg' },
  sodium_intake: { min: 0, max: 20000, decimals: 0, unit: 'mg' },
  vitamin_c: { min: 0, max: 10000, decimals: 0, unit: 'mg' },
  iron_intake: { min: 0, max: 500, decimals: 1, unit: 'mg' },
  vitamin_a: { min: 0, max: 30000, decimals: 0, unit: 'mcg' },
  calcium_intake: { min: 0, max: 10000, decimals: 0, unit: 'mg' },
  sugars_intake: { min: 0, max: 1000, decimals: 0, unit: 'g' },
  fiber: { min: 0, max: 300, decimals: 0, unit: 'g' },
  trans_fat_intake: { min: 0, max: 500, decimals: 1, unit: 'g' },
  monounsaturated_fat_intake: { min: 0, max: 500, decimals: 1, unit: 'g' },
  polyunsaturated_fat_intake: { min: 0, max: 500, decimals: 1, unit: 'g' },
  saturated_fat_intake: { min: 0, max: 500, decimals: 1, unit: 'g' },
  calories_intake: { min: 0, max: 20000, decimals: 0, unit: 'kcal' },
  protein_intake: { min: 0, max: 1000, decimals: 0, unit: 'g' },
  carbohydrates: { min: 0, max: 2000, decimals: 0, unit: 'g' },
  fat_total: { min: 0, max: 1000, decimals: 0, unit: 'g' },
  muscle: { min: 0, max: 100, decimals: 1, unit: '%' },
  bone: { min: 0, max: 50, decimals: 1, unit: 'lb' },
  water: { min: 0, max: 100, decimals: 1, unit: '%' },
  fat: { min: 0, max: 100, decimals: 1, unit: '%' },
  calories_burned: { min: 0, max: 20000, decimals: 0, unit: 'kcal' },
  distance: { min: 0, max: 200, decimals: 1, unit: 'mi' },
  stairs: { min: 0, max: 2000, decimals: 0, unit: 'floors' },
  steps: { min: 0, max: 200000, decimals: 0, unit: 'steps' },
  waist: { min: 10, max: 100, decimals: 1, unit: 'in' },
  peakflow_evening: { min: 50, max: 1500, decimals: 0, unit: 'L/min' },
  peakflow_morning: { min: 50, max: 1500, decimals: 0, unit: 'L/min' },
  cholesterol: { min: 50, max: 1000, decimals: 0, unit: 'mg/dL' },
  triglyceride: { min: 10, max: 5000, decimals: 0, unit: 'mg/dL' },
  ldl: { min: 10, max: 1000, decimals: 0, unit: 'mg/dL' },
  hdl: { min: 5, max: 300, decimals: 0, unit: 'mg/dL' },
  blood_sugar: { min: 10, max: 1000, decimals: 0, unit: 'mg/dL' },
  blood_sugar_before_meal: { min: 10, max: 1000, decimals: 0, unit: 'mg/dL' },
  insulin: { min: 0, max: 300, decimals: 1, unit: 'units' },
  bmi: { min: 5, max: 100, decimals: 1, unit: 'kg/m²' },
  time_asleep: { min: 0, max: 1440, decimals: 0, unit: 'min' },
  time_asleep_awoken: { min: 0, max: 1440, decimals: 0, unit: 'min' },
  time_asleep_deep: { min: 0, max: 1440, decimals: 0, unit: 'min' },
  time_asleep_restless: { min: 0, max: 1440, decimals: 0, unit: 'min' },
  vitamin_b: { min: 0, max: 1000, decimals: 1, unit: 'mg' },
  calcium: { min: 1, max: 20, decimals: 1, unit: 'mg/dL' },
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

// Issue 6 item 9 (decision 0028): vitals stored per patient, one value per key, with a history.

/** spec 3 §3 vital keys, in the spec's order. */
export const VITAL_KEYS = [
  'potassium_intake',
  'sodium_intake',
  'vitamin_c',
  'iron_intake',
  'vitamin_a',
  'calcium_intake',
  'sugars_intake',
  'fiber',
  'trans_fat_intake',
  'monounsaturated_fat_intake',
  'polyunsaturated_fat_intake',
  'saturated_fat_intake',
  'calories_intake',
  'protein_intake',
  'carbohydrates',
  'fat_total',
  'muscle',
  'bone',
  'water',
  'fat',
  'pain',
  'calories_burned',
  'distance',
  'stairs',
  'steps',
  'waist',
  'height',
  'weight',
  'temperature',
  'oxygen_saturation',
  'peakflow_evening',
  'peakflow_morning',
  'cholesterol',
  'triglyceride',
  'ldl',
  'hdl',
  'pulse',
  'systolic_bp',
  'diastolic_bp',
  'blood_sugar',
  'blood_sugar_before_meal',
  'insulin',
  'bmi',
  'time_asleep',
  'time_asleep_awoken',
  'time_asleep_deep',
  'time_asleep_restless',
  'vitamin_b',
  'calcium',
] as const satisfies readonly VitalKey[];
export const vitalKeySchema = z.enum(VITAL_KEYS, 'Unknown vital.');

/** Keys a person types; BMI is always computed from weight and height. */
export const ENTERED_VITAL_KEYS = VITAL_KEYS.filter((key): key is Exclude<VitalKey, 'bmi'> => key !== 'bmi');
type EnteredVitals = Partial<Record<Exclude<VitalKey, 'bmi'>, number>>;
export const BMI_COMPUTED_TEXT = 'BMI is computed from weight and height.';
export const FUTURE_READING_TEXT = 'A reading cannot be in the future.';

/** The problem with one value of a key, or null when it is acceptable. */
export function vitalValueProblem(key: VitalKey, value: unknown): string | null {
  const limit: VitalLimit = VITAL_LIMITS[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < limit.min || value > limit.max) {
    return vitalRangeText(key);
  }
  if (limit.decimals === 0 && !Number.isInteger(value)) {
    return 'Enter a whole number.';
  }
  if (limit.decimals === 1 && Math.round(value * 10) !== value * 10) {
    return 'Enter at most one decimal.';
  }
  return null;
}

/** POST /api/vitals/entries: one or more values measured together (a chart group's form). */
export const vitalEntryInputSchema = z
  .object({
    values: z.record(singleLineText(), z.unknown()),
    /** When measured; default now. ISO date-time. */
    recordedAt: z.iso.datetime({ offset: true, error: 'The date is not valid.' }).optional(),
  })
  .superRefine((input, context) => {
    const entries = Object.entries(input.values);
    for (const [key, value] of entries) {
      if (key === 'bmi') {
        context.addIssue({ code: 'custom', path: ['values', key], message: BMI_COMPUTED_TEXT });
        continue;
      }
      const parsedKey = vitalKeySchema.safeParse(key);
      if (!parsedKey.success) {
        context.addIssue({ code: 'custom', path: ['values', key], message: 'Unknown vital.' });
        continue;
      }
      const problem = vitalValueProblem(parsedKey.data, value);
      if (problem) {
        context.addIssue({ code: 'custom', path: ['values', key], message: problem });
      }
    }
    const systolic = input.values.systolic_bp;
    const diastolic = input.values.diastolic_bp;
    if ((systolic === undefined) !== (diastolic === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['values', systolic === undefined ? 'systolic_bp' : 'diastolic_bp'],
        message: BLOOD_PRESSURE_PAIR_TEXT,
      });
    } else if (typeof systolic === 'number' && typeof diastolic === 'number' && diastolic >= systolic) {
      context.addIssue({
        code: 'custom',
        path: ['values', 'diastolic_bp'],
        message: BLOOD_PRESSURE_ORDER_TEXT,
      });
    }
    if (entries.length === 0) {
      context.addIssue({ code: 'custom', path: ['values'], message: VITALS_EMPTY_TEXT });
    }
  })
  .transform((input): { recordedAt?: string; values: EnteredVitals } => ({
    ...(input.recordedAt === undefined ? {} : { recordedAt: input.recordedAt }),
    // Checked key by key above (the superRefine); typed here for the server.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the lint misreads the record type
    values: input.values as EnteredVitals,
  }));
export type VitalEntryInput = z.input<typeof vitalEntryInputSchema>;

export const vitalValueSchema = z.object({
  id: z.string(),
  key: vitalKeySchema,
  value: z.number(),
  recordedAt: z.string(),
});
export type VitalValue = z.infer<typeof vitalValueSchema>;

/** The longest history one call returns (a year of daily readings of every key of a group). */
export const VITAL_HISTORY_MAX_DAYS = 366;
export const VITAL_HISTORY_DEFAULT_DAYS = 90;

/** GET .../vitals?keys=pulse,weight&days=90: the series of the named keys (all keys if none). */
export const vitalSeriesQuerySchema = z.object({
  keys: singleLineText()
    .optional()
    .transform((text, context) => {
      if (!text) {
        return [...VITAL_KEYS];
      }
      const keys: VitalKey[] = [];
      for (const part of text.split(',')) {
        const parsed = vitalKeySchema.safeParse(part.trim());
        if (!parsed.success) {
          context.addIssue({ code: 'custom', message: `Unknown vital: ${part.trim()}.` });
          return z.NEVER;
        }
        keys.push(parsed.data);
      }
      return keys;
    }),
  days: z.coerce
    .number('days must be a number')
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(VITAL_HISTORY_MAX_DAYS, `days must be at most ${VITAL_HISTORY_MAX_DAYS}`)
    .default(VITAL_HISTORY_DEFAULT_DAYS),
});

/** Values oldest first. */
export const vitalSeriesResponseSchema = z.object({ values: z.array(vitalValueSchema) });
export type VitalSeries = z.infer<typeof vitalSeriesResponseSchema>;

export const vitalEntryResponseSchema = z.object({ values: z.array(vitalValueSchema) });

/** /api/provider/clinics/:clinicId/patients/:patientId/... */
export const clinicPatientPathSchema = z.object({
  clinicId: z.uuid('The clinic id is not valid'),
  patientId: z.uuid('patientId is not valid'),
});
