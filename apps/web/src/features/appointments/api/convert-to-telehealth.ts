import type { Appointment } from '@app/contracts/appointments';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { APPOINTMENTS_PATH } from './get-appointment.ts';

/** spec 2 §6 care manager: POST /api/appointments/:id/convert-to-telehealth answers the converted appointment. */
export async function convertToTelehealth(id: string): Promise<Appointment> {
  const { appointmentSchema } = await import('@app/contracts/appointments');
  return apiRequest(
    `${APPOINTMENTS_PATH}/${encodeURIComponent(id)}/convert-to-telehealth`,
    appointmentSchema,
    {
      method: 'POST',
    },
  );
}
