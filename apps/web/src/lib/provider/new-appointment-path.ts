import type { ProviderPermission } from '@app/contracts/roles';

export const PATIENT_SEARCH_PATH = '/provider/search-patient';
export const APPOINTMENT_LOOKUP_PATH = '/provider/appointment/search-patient';

/**
 * Where "Schedule a new appointment" leads (spec 3 §2, §6; issue 17 item 2, decision 0041): the patient
 * search for a provider who may open patients (PATIENT), else the appointment look-up, which needs
 * APPOINTMENTS only — so a provider without PATIENT is never sent to a screen that refuses them.
 */
export function newAppointmentPath(permissions: readonly ProviderPermission[]): string {
  return permissions.includes('PATIENT') ? PATIENT_SEARCH_PATH : APPOINTMENT_LOOKUP_PATH;
}
