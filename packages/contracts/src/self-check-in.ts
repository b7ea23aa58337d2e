import { z } from 'zod';
import { singleLineText } from './text.ts';

// Self check-in (kiosk) patient search (issue 5, spec 2 §2 /provider/patient/search): a minimal
// search of the provider's clinics' patients by name and birthdate, with their visits of today.
// Issue 6 builds the full patient search.

export const kioskPatientSearchQuerySchema = z.object({
  name: singleLineText({ error: 'Enter a name.' })
    .trim()
    .min(2, 'Enter at least 2 letters of the name.')
    .max(100, 'The name is too long.'),
  birthdate: z.iso.date({ error: 'Enter the date of birth as YYYY-MM-DD.' }),
});

export const kioskPatientSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string(),
  /** The patient's visits at the provider's clinics from 12 hours ago to 24 hours ahead. */
  appointments: z.array(
    z.object({
      id: z.string(),
      /** ISO 8601 with the department's offset. */
      startAt: z.string(),
      /** The department's zone (IANA id), so the start can name it (issue 18 item 4). */
      timezone: z.string(),
      departmentName: z.string(),
    }),
  ),
});
export type KioskPatient = z.infer<typeof kioskPatientSchema>;
export const kioskPatientListSchema = z.array(kioskPatientSchema);
