import { z } from 'zod';

// Development-only (NODE_ENV !== 'production'): a check-in world of the e2e test's own, so its
// check-in holds only the task types the test means (issue 5).

export const fixtureCheckInWorldSchema = z.object({
  /** Used as username prefix and clinic name; unique per test. */
  name: z.string().min(1).max(60),
  password: z.string().min(1).max(127),
  /** One REGULAR task setting per title, in this order. */
  taskTitles: z.array(z.string().min(1).max(200)).max(10).default(['Bring your photo ID']),
  /** On-the-fly settings with an open task each for the patient. */
  onFlyTaskTitles: z.array(z.string().min(1).max(200)).max(10).default([]),
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
