import type { ConnectClinicResponse } from '@app/contracts/clinic-invitations';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { PATIENT_CLINICS_PATH } from './list-patient-clinics.ts';

/** POST /api/user/clinics { code }: connects the patient to the code's clinic (idempotent). */
export async function connectClinic(code: string): Promise<ConnectClinicResponse> {
  const { connectClinicResponseSchema } = await import('@app/contracts/clinic-invitations');
  return apiRequest(PATIENT_CLINICS_PATH, connectClinicResponseSchema, { method: 'POST', body: { code } });
}
