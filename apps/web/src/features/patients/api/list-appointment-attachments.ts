import { queryOptions } from '@tanstack/react-query';
import type { ProviderPatientAttachments } from '@app/contracts/patient-documents';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientBase } from './patient-paths.ts';

/** Issue 16: the documents the patient attached to their appointments at this clinic. */
export async function listAppointmentAttachments(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<ProviderPatientAttachments> {
  const { providerPatientAttachmentsSchema } = await import('@app/contracts/patient-documents');
  return apiRequest(
    `${patientBase(clinicId, patientId)}/appointment-attachments`,
    providerPatientAttachmentsSchema,
    {
      signal,
    },
  );
}

export function appointmentAttachmentsQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [`${patientBase(clinicId, patientId)}/appointment-attachments`],
    queryFn: ({ signal }) => listAppointmentAttachments(clinicId, patientId, signal),
  });
}
