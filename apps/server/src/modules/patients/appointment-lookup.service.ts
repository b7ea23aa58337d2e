import { APPOINTMENT_LOOKUP_LIMIT, type AppointmentLookupResult } from '@app/contracts/appointment-lookup';
import type { AppContext } from '../../app-context.ts';
import { searchClinicPatients } from './patient-chart.repository.ts';

/**
 * spec 3 §2 "Look up patient for appointment" (decision 0041): the clinic's patients by name and
 * date of birth, each as booking needs them and nothing more (no member number, contact or address).
 * The access rule has checked APPOINTMENTS at this very clinic.
 */
export async function lookUpPatientsForAppointment(
  context: AppContext,
  clinicId: string,
  query: { query: string; birthDate?: string | undefined },
): Promise<AppointmentLookupResult> {
  const rows = await searchClinicPatients(context.db, clinicId, query, APPOINTMENT_LOOKUP_LIMIT, {
    matchMemberId: false,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      userId: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      birthdate: row.birthdate,
    })),
  };
}
