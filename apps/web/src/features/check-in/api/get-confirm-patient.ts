import type { ConfirmPatient } from '@app/contracts/confirm-patient';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

// spec 1 §2 rule 3 {role}/confirm-patient (decision 0036): who is checking in.

export const CONFIRM_PATIENT_PATH = '/api/check-in/confirm-patient';

/** The patient's own name, date of birth and today's visits (or the one visit named). */
export async function getConfirmPatient(
  appointmentId: string | null,
  signal?: AbortSignal,
): Promise<ConfirmPatient> {
  const { confirmPatientSchema } = await import('@app/contracts/confirm-patient');
  const query = appointmentId ? `?${new URLSearchParams({ appointmentId }).toString()}` : '';
  return apiRequest(`${CONFIRM_PATIENT_PATH}${query}`, confirmPatientSchema, { signal });
}

/** The kiosk (self check-in): the patient of a visit of the provider's clinic. */
export async function getKioskConfirmPatient(
  appointmentId: string,
  signal?: AbortSignal,
): Promise<ConfirmPatient> {
  const { confirmPatientSchema } = await import('@app/contracts/confirm-patient');
  return apiRequest(
    `/api/self-check-in/appointments/${encodeURIComponent(appointmentId)}/confirm-patient`,
    confirmPatientSchema,
    { signal },
  );
}

export function confirmPatientQuery(kiosk: boolean, appointmentId: string | null) {
  return queryOptions({
    queryKey: [CONFIRM_PATIENT_PATH, kiosk ? 'kiosk' : 'self', appointmentId],
    queryFn: ({ signal }) =>
      kiosk ? getKioskConfirmPatient(appointmentId ?? '', signal) : getConfirmPatient(appointmentId, signal),
    // A 404 (not yours, or gone) will not change on a retry; who is checking in must be read afresh.
    retry: false,
    staleTime: 0,
  });
}
