import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';
import { APPOINTMENTS_PATH } from './get-appointment.ts';

/** spec 2 §4 Cancel / §7 Delete appointment by id: DELETE /api/appointments/:id. */
export async function cancelAppointment(id: string): Promise<void> {
  await apiRequest(`${APPOINTMENTS_PATH}/${encodeURIComponent(id)}`, anyBody, { method: 'DELETE' });
}
