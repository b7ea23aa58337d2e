import type { CarePlan, CarePlanInput } from '@app/contracts/care-plans';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientHealthPath } from './list-care-plans.ts';

/** Creates a care plan (no id) or replaces one (its title, notes and goals). */
export async function saveCarePlan(
  clinicId: string,
  patientId: string,
  carePlanId: string | null,
  input: CarePlanInput,
): Promise<CarePlan> {
  const { carePlanSchema } = await import('@app/contracts/care-plans');
  const path = patientHealthPath(
    clinicId,
    patientId,
    carePlanId ? `care-plans/${encodeURIComponent(carePlanId)}` : 'care-plans',
  );
  return apiRequest(path, carePlanSchema, { method: carePlanId ? 'PUT' : 'POST', body: input });
}
