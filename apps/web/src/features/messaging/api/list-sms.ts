import { queryOptions } from '@tanstack/react-query';
import type { SmsList } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath, MESSAGING_KEY } from './messaging-scope.ts';

/** The text messages the clinic sent one patient, newest first, with their delivery state. */
export async function listSms(clinicId: string, patientId: string, signal?: AbortSignal): Promise<SmsList> {
  const { smsListSchema } = await import('@app/contracts/messaging');
  return apiRequest(`${clinicPath(clinicId)}/patients/${encodeURIComponent(patientId)}/sms`, smsListSchema, {
    signal,
  });
}

export function smsListQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [MESSAGING_KEY, clinicId, 'sms', patientId],
    queryFn: ({ signal }) => listSms(clinicId, patientId, signal),
  });
}
