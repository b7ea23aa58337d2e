import type { Appointment } from '@app/contracts/appointments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const APPOINTMENTS_PATH = '/api/appointments';

/** spec 2 §7 Get appointment by id: GET /api/appointments/:id (another patient's answers 404). */
export async function getAppointment(id: string, signal?: AbortSignal): Promise<Appointment> {
  const { appointmentSchema } = await import('@app/contracts/appointments');
  return apiRequest(`${APPOINTMENTS_PATH}/${encodeURIComponent(id)}`, appointmentSchema, { signal });
}

export function appointmentQuery(id: string) {
  return queryOptions({
    queryKey: [APPOINTMENTS_PATH, id],
    queryFn: ({ signal }) => getAppointment(id, signal),
    // A 404 (not yours, or gone) will not change on a retry.
    retry: false,
  });
}
