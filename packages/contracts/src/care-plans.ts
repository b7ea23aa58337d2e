import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';
import { VITAL_LIMITS, vitalKeySchema, vitalRangeText } from './vitals.ts';

// Issue 6 item 9, spec 3 §2 patient health tab (decision 0028): care plans with goals, monitoring
// devices (order/connect), and the Intellimap's alerts and tasks computed from readings and goals.

export const CARE_PLAN_TITLE_MAX = 120;
export const CARE_PLAN_NOTES_MAX = 2000;
export const CARE_PLAN_GOALS_MAX = 20;
export const GOAL_TARGET_MISSING_TEXT = 'Enter a target: a lowest value, a highest value or both.';
export const GOAL_TARGET_ORDER_TEXT = 'The lowest value must not be above the highest.';
export const CARE_PLAN_NOT_FOUND_TEXT = 'Care plan not found.';
export const PATIENT_NOT_FOUND_TEXT = 'Patient not found.';

const dateSchema = z.iso.date('Enter a date as YYYY-MM-DD.');

export const carePlanGoalInputSchema = z
  .object({
    key: vitalKeySchema,
    targetMin: z
      .number('Enter a number.')

      .nullish()
      .transform((value) => value ?? null),
    targetMax: z
      .number('Enter a number.')

      .nullish()
      .transform((value) => value ?? null),
    dueDate: dateSchema,
  })
  .superRefine((goal, context) => {
    if (goal.targetMin === null && goal.targetMax === null) {
      context.addIssue({ code: 'custom', path: ['targetMin'], message: GOAL_TARGET_MISSING_TEXT });
      return;
    }
    const limit = VITAL_LIMITS[goal.key];
    for (const field of ['targetMin', 'targetMax'] as const) {
      const value = goal[field];
      if (value !== null && (value < limit.min || value > limit.max)) {
        context.addIssue({ code: 'custom', path: [field], message: vitalRangeText(goal.key) });
      }
    }
    if (goal.targetMin !== null && goal.targetMax !== null && goal.targetMin > goal.targetMax) {
      context.addIssue({ code: 'custom', path: ['targetMax'], message: GOAL_TARGET_ORDER_TEXT });
    }
  });
export type CarePlanGoalInput = z.input<typeof carePlanGoalInputSchema>;

/** POST (create) and PUT (replace) of a care plan: the goals given are the plan's goals. */
export const carePlanInputSchema = z.object({
  title: singleLineText()
    .trim()
    .min(1, 'Enter a title.')
    .max(CARE_PLAN_TITLE_MAX, `The title can have at most ${CARE_PLAN_TITLE_MAX} characters.`),
  notes: multiLineText()
    .trim()
    .max(CARE_PLAN_NOTES_MAX, `The notes can have at most ${CARE_PLAN_NOTES_MAX} characters.`)
    .default(''),
  goals: z
    .array(carePlanGoalInputSchema)
    .max(CARE_PLAN_GOALS_MAX, `A care plan can have at most ${CARE_PLAN_GOALS_MAX} goals.`)
    .default([]),
});
export type CarePlanInput = z.input<typeof carePlanInputSchema>;

export const carePlanGoalSchema = z.object({
  id: z.string(),
  key: vitalKeySchema,
  targetMin: z.number().nullable(),
  targetMax: z.number().nullable(),
  dueDate: z.string(),
});
export type CarePlanGoal = z.infer<typeof carePlanGoalSchema>;

export const carePlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string(),
  goals: z.array(carePlanGoalSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CarePlan = z.infer<typeof carePlanSchema>;
export const carePlanListSchema = z.object({ carePlans: z.array(carePlanSchema) });

export const carePlanPathSchema = z.object({
  clinicId: z.uuid('The clinic id is not valid'),
  patientId: z.uuid('patientId is not valid'),
  carePlanId: z.uuid('The care plan id is not valid'),
});

/** Whether a value meets a goal's target (inclusive). */
export function meetsGoal(goal: Pick<CarePlanGoal, 'targetMin' | 'targetMax'>, value: number): boolean {
  return (
    (goal.targetMin === null || value >= goal.targetMin) &&
    (goal.targetMax === null || value <= goal.targetMax)
  );
}

// Remote-monitoring devices (the health tab's Devices: "order/connect device").
export const MONITORING_DEVICE_KINDS = [
  'blood_pressure_monitor',
  'scale',
  'pulse_oximeter',
  'glucometer',
  'thermometer',
  'peak_flow_meter',
  'activity_tracker',
] as const;
export type MonitoringDeviceKind = (typeof MONITORING_DEVICE_KINDS)[number];
export const MONITORING_DEVICE_STATUSES = ['ordered', 'connected'] as const;

export const monitoringDeviceRequestSchema = z.object({
  kind: z.enum(MONITORING_DEVICE_KINDS, 'Choose a device.'),
  /** 'ordered': ship a device to the patient; 'connected': the patient already has it. */
  action: z.enum(['order', 'connect'], 'Choose order or connect.'),
  serialNumber: singleLineText()
    .trim()
    .max(64, 'The serial number can have at most 64 characters.')
    .default(''),
});
export type MonitoringDeviceRequest = z.input<typeof monitoringDeviceRequestSchema>;

export const monitoringDeviceSchema = z.object({
  id: z.string(),
  kind: z.enum(MONITORING_DEVICE_KINDS),
  status: z.enum(MONITORING_DEVICE_STATUSES),
  serialNumber: z.string(),
  requestedAt: z.string(),
});
export type MonitoringDevice = z.infer<typeof monitoringDeviceSchema>;
export const monitoringDeviceListSchema = z.object({ devices: z.array(monitoringDeviceSchema) });

// Intellimap: alerts (readings outside a goal's target) and tasks (goals with their due dates).
export const INTELLIMAP_ALERT_DAYS = 30;

export const intellimapAlertSchema = z.object({
  goalId: z.string(),
  carePlanTitle: z.string(),
  key: vitalKeySchema,
  value: z.number(),
  recordedAt: z.string(),
  targetMin: z.number().nullable(),
  targetMax: z.number().nullable(),
});
export type IntellimapAlert = z.infer<typeof intellimapAlertSchema>;

export const GOAL_TASK_STATUSES = ['met', 'open', 'overdue'] as const;
export const intellimapTaskSchema = z.object({
  goalId: z.string(),
  carePlanTitle: z.string(),
  key: vitalKeySchema,
  targetMin: z.number().nullable(),
  targetMax: z.number().nullable(),
  dueDate: z.string(),
  latestValue: z.number().nullable(),
  status: z.enum(GOAL_TASK_STATUSES),
});
export type IntellimapTask = z.infer<typeof intellimapTaskSchema>;

export const intellimapSchema = z.object({
  alerts: z.array(intellimapAlertSchema),
  tasks: z.array(intellimapTaskSchema),
});
export type Intellimap = z.infer<typeof intellimapSchema>;

// Issue 17 item 6 (decision 0045): /provider/intellimap, the clinic-wide board. The same alerts and
// tasks as a patient's Intellimap tab, for every patient of the clinic with a care plan there, each
// entry naming its patient. Filter: `status` keeps the tasks of one status (alerts always show).
export const clinicIntellimapQuerySchema = z.object({
  status: z.enum(GOAL_TASK_STATUSES, 'status must be met, open or overdue').optional(),
});
export type ClinicIntellimapQuery = z.input<typeof clinicIntellimapQuerySchema>;

const intellimapPatientSchema = z.object({ patientId: z.string(), patientName: z.string() });
export const clinicIntellimapAlertSchema = intellimapAlertSchema.extend(intellimapPatientSchema.shape);
export type ClinicIntellimapAlert = z.infer<typeof clinicIntellimapAlertSchema>;
export const clinicIntellimapTaskSchema = intellimapTaskSchema.extend(intellimapPatientSchema.shape);
export type ClinicIntellimapTask = z.infer<typeof clinicIntellimapTaskSchema>;

export const clinicIntellimapSchema = z.object({
  /** Patients of the clinic with at least one care plan there (the board's scope). */
  patientCount: z.number().int().min(0),
  alerts: z.array(clinicIntellimapAlertSchema),
  tasks: z.array(clinicIntellimapTaskSchema),
});
export type ClinicIntellimap = z.infer<typeof clinicIntellimapSchema>;
