import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Task types a fixture world can ask for; each gets what its page needs (form, document, copay). */
export const FIXTURE_TASK_TYPES = [
  'regular',
  'questionnaire',
  'demographics',
  'insurance_card',
  'sign_document',
  'vital',
  'copay',
] as const;

// Development-only (NODE_ENV !== 'production'): a check-in world of the e2e test's own, so its
// check-in holds only the task types the test means (issue 5).

export const fixtureCheckInWorldSchema = z.object({
  /** Used as username prefix and clinic name; unique per test. */
  name: singleLineText().min(1).max(60),
  password: singleLineText().min(1).max(127),
  /** One REGULAR task setting per title, in this order. */
  taskTitles: z.array(singleLineText().min(1).max(200)).max(10).default(['Bring your photo ID']),
  /**
   * Typed task settings, in this order, instead of `taskTitles`: the questionnaire gets the demo
   * 'Health history' form, the sign-document task the demo consent, the copay `copayCents`.
   */
  tasks: z
    .array(z.object({ title: singleLineText().min(1).max(200), actionType: z.enum(FIXTURE_TASK_TYPES) }))
    .max(10)
    .optional(),
  copayCents: z.number().int().min(0).max(100_000).default(2500),
  /** On-the-fly settings with an open task each for the patient. */
  onFlyTaskTitles: z.array(singleLineText().min(1).max(200)).max(10).default([]),
  /** An existing patient (e.g. the demo's jane.patient) to use instead of a new one; joins the clinic. */
  patientUsername: singleLineText().min(1).max(100).optional(),
  /** Appointments of the patient in one department, 30 minutes apart (they form one check-in entry). */
  appointmentCount: z.number().int().min(0).max(5).default(1),
  /** When the first appointment starts, from now. */
  minutesAhead: z
    .number()
    .int()
    .min(-600)
    .max(60 * 24 * 30)
    .default(120),
  patientBirthdate: z.iso.date().default('1980-04-12'),
});
export type FixtureCheckInWorld = z.input<typeof fixtureCheckInWorldSchema>;

export const fixtureCheckInWorldResponseSchema = z.object({
  clinicUuid: z.string(),
  clinicNumber: z.number().int(),
  departmentUuid: z.string(),
  doctor: z.object({ userId: z.string(), username: z.string() }),
  patient: z.object({
    userId: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    birthdate: z.string(),
  }),
  appointmentIds: z.array(z.string()),
  onFlySettingIds: z.array(z.string()),
  /** The patient's on-the-fly task of each of those settings, in the same order. */
  onFlyTaskIds: z.array(z.string()),
});
export type FixtureCheckInWorldResponse = z.infer<typeof fixtureCheckInWorldResponseSchema>;
