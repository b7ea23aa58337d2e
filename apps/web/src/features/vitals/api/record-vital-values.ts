import type { VitalEntryInput, VitalSeries } from '@app/contracts/vitals';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { OWN_VITALS_PATH } from './list-vital-values.ts';

/** The patient adds values measured together (a chart group's form); the server computes BMI. */
export async function recordVitalValues(input: VitalEntryInput): Promise<VitalSeries> {
  const { vitalEntryResponseSchema } = await import('@app/contracts/vitals');
  return apiRequest(OWN_VITALS_PATH, vitalEntryResponseSchema, { method: 'POST', body: input });
}
