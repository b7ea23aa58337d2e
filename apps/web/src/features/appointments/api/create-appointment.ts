import type { CreateAppointmentInput } from '@app/contracts/appointments';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { APPOINTMENTS_PATH } from './get-appointment.ts';

/** spec 2 §3 / §7 POST create appointment; answers the new appointment's id. */
export async function createAppointment(input: CreateAppointmentInput): Promise<string> {
  const { createAppointmentResponseSchema } = await import('@app/contracts/appointments');
  const answer = await apiRequest(APPOINTMENTS_PATH, createAppointmentResponseSchema, {
    method: 'POST',
    body: input,
  });
  return answer.id;
}
