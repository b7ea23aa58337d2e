import { queryOptions } from '@tanstack/react-query';
import type { PatientClinic } from '@app/contracts/clinic-invitations';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const PATIENT_CLINICS_PATH = '/api/user/clinics';

/** GET /api/user/clinics: the clinics the signed-in patient is connected to (decision 0035). */
export async function listPatientClinics(signal?: AbortSignal): Promise<PatientClinic[]> {
  const { patientClinicListSchema } = await import('@app/contracts/clinic-invitations');
  return (await apiRequest(PATIENT_CLINICS_PATH, patientClinicListSchema, { signal })).clinics;
}

export function patientClinicsQuery() {
  return queryOptions({
    queryKey: [PATIENT_CLINICS_PATH],
    queryFn: ({ signal }) => listPatientClinics(signal),
    // The screen says in place that the list could not be loaded.
    meta: { errorBanner: false },
  });
}
