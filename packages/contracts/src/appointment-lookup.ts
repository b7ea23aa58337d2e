import { z } from 'zod';
import { singleLineText } from './text.ts';
import { PATIENT_SEARCH_MIN } from './patient-chart.ts';

// spec 3 §2 "Look up patient for appointment" (issue 17 item 2, decision 0041): the patient search of
// a provider who may schedule (APPOINTMENTS at that clinic) but may not see patient details (PATIENT).
// It answers only what booking needs — who the patient is — and nothing of the chart.

export const appointmentLookupPath = (clinicId: string) =>
  `/api/provider/clinics/${encodeURIComponent(clinicId)}/appointment-lookup`;

/**
 * GET .../appointment-lookup?query=&birthDate= : each word of `query` starts a word of the first or
 * last name; optionally the date of birth. The same input rules as the patient search: at least
 * 2 characters or a date of birth. A member number is not matched (the answer never shows one).
 */
export const appointmentLookupQuerySchema = z
  .object({
    query: singleLineText()
      .trim()
      .max(100, 'The search text is too long (at most 100 characters).')
      .default(''),
    birthDate: z.iso.date('The date of birth must be a date (yyyy-MM-dd).').optional(),
  })
  .refine((value) => value.query.length >= PATIENT_SEARCH_MIN || value.birthDate !== undefined, {
    message: `Type at least ${PATIENT_SEARCH_MIN} characters of a name or a date of birth.`,
    path: ['query'],
  });
export type AppointmentLookupQuery = z.input<typeof appointmentLookupQuerySchema>;

/**
 * One patient as booking needs them: the ids the provider-select page takes (patientId and userId
 * are equal, decision 0017), the name to confirm the person, the date of birth (mysql date).
 * `.strict()` so a field added later by mistake (member id, contact, address) fails the response.
 */
export const appointmentLookupPatientSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    birthdate: z.string().nullable(),
  })
  .strict();
export type AppointmentLookupPatient = z.infer<typeof appointmentLookupPatientSchema>;

export const appointmentLookupResultSchema = z.object({ items: z.array(appointmentLookupPatientSchema) });
export type AppointmentLookupResult = z.infer<typeof appointmentLookupResultSchema>;

export const APPOINTMENT_LOOKUP_LIMIT = 25;
