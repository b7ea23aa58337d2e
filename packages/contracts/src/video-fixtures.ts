import { z } from 'zod';
import { singleLineText } from './text.ts';
import { WORKSPACE_MODULES } from './workspace-modules.ts';

// Development-only (NODE_ENV !== 'production'): a video visit of the e2e test's own (issue 7): a fresh
// clinic with a telehealth doctor, a fresh patient and a video appointment the patient may join now.

export const fixtureVideoWorldSchema = z.object({
  /** Used as username prefix and clinic name; unique per test. */
  name: singleLineText().min(1).max(60),
  password: singleLineText().min(1).max(127),
  /** When the appointment starts, from now (0: now, so spec 2 §6 allowVideoCall holds). */
  minutesAhead: z
    .number()
    .int()
    .min(-600)
    .max(60 * 24 * 30)
    .default(0),
  /** Clinic modules on besides PATIENT_OUTSIDE (the dialer's e2e turns OUTBOUND_CALLING on). */
  extraModules: z.array(z.enum(WORKSPACE_MODULES)).max(WORKSPACE_MODULES.length).default([]),
  /** The patient's mobile phone (the dialer's e2e calls it); none by default. */
  patientMobilePhone: singleLineText().max(20).optional(),
});
export type FixtureVideoWorld = z.input<typeof fixtureVideoWorldSchema>;

const fixturePersonSchema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const fixtureVideoWorldResponseSchema = z.object({
  clinicId: z.string(),
  appointmentId: z.string(),
  patient: fixturePersonSchema,
  doctor: fixturePersonSchema,
});
export type FixtureVideoWorldResponse = z.infer<typeof fixtureVideoWorldResponseSchema>;
