import type { CreateAppointmentInput } from '@app/contracts/appointments';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const APPOINTMENTS_PATH = '/api/appointments';

/** POST /api/appointments (spec 2 §3 create payload); answers the new appointment's id. */
export async function createAppointment(input: CreateAppointmentInput) {
  const { createAppointmentResponseSchema } = await import('@app/contracts/appointments');
  return apiRequest(APPOINTMENTS_PATH, createAppointmentResponseSchema, { method: 'POST', body: input });
}
