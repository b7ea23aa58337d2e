import type { VitalKey, VitalSeries } from '@app/contracts/vitals';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const OWN_VITALS_PATH = '/api/vitals/values';

function seriesPath(base: string, keys: readonly VitalKey[], days: number): string {
  const query = new URLSearchParams({ keys: keys.join(','), days: String(days) });
  return `${base}?${query.toString()}`;
}

/** The signed-in patient's values of the keys over the last `days` (issue 6 item 9). */
export async function listOwnVitalValues(
  keys: readonly VitalKey[],
  days: number,
  signal?: AbortSignal,
): Promise<VitalSeries> {
  const { vitalSeriesResponseSchema } = await import('@app/contracts/vitals');
  return apiRequest(seriesPath(OWN_VITALS_PATH, keys, days), vitalSeriesResponseSchema, { signal });
}

export function ownVitalValuesQuery(keys: readonly VitalKey[], days: number) {
  return queryOptions({
    queryKey: [OWN_VITALS_PATH, keys.join(','), days],
    queryFn: ({ signal }) => listOwnVitalValues(keys, days, signal),
  });
}

export function patientVitalsPath(clinicId: string, patientId: string): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}/patients/${encodeURIComponent(patientId)}/vitals`;
}

/** A patient's values as their clinic's provider sees them (health tab: Flowsheet, Graphs & Goals). */
export async function listPatientVitalValues(
  clinicId: string,
  patientId: string,
  keys: readonly VitalKey[],
  days: number,
  signal?: AbortSignal,
): Promise<VitalSeries> {
  const { vitalSeriesResponseSchema } = await import('@app/contracts/vitals');
  return apiRequest(
    seriesPath(patientVitalsPath(clinicId, patientId), keys, days),
    vitalSeriesResponseSchema,
    {
      signal,
    },
  );
}

export function patientVitalValuesQuery(
  clinicId: string,
  patientId: string,
  keys: readonly VitalKey[],
  days: number,
) {
  return queryOptions({
    queryKey: [patientVitalsPath(clinicId, patientId), keys.join(','), days],
    queryFn: ({ signal }) => listPatientVitalValues(clinicId, patientId, keys, days, signal),
  });
}
