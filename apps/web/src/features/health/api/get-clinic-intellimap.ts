import type { ClinicIntellimap, ClinicIntellimapQuery } from '@app/contracts/care-plans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export function clinicIntellimapPath(clinicId: string, status: ClinicIntellimapQuery['status']): string {
  const base = `/api/provider/clinics/${encodeURIComponent(clinicId)}/intellimap`;
  return status ? `${base}?status=${encodeURIComponent(status)}` : base;
}

/** Issue 17 item 6: the clinic's Intellimap board (every patient's alerts and tasks). */
export async function getClinicIntellimap(
  clinicId: string,
  status: ClinicIntellimapQuery['status'],
  signal?: AbortSignal,
): Promise<ClinicIntellimap> {
  const { clinicIntellimapSchema } = await import('@app/contracts/care-plans');
  return apiRequest(clinicIntellimapPath(clinicId, status), clinicIntellimapSchema, { signal });
}

export function clinicIntellimapQuery(clinicId: string, status: ClinicIntellimapQuery['status']) {
  return queryOptions({
    queryKey: [clinicIntellimapPath(clinicId, status)],
    queryFn: ({ signal }) => getClinicIntellimap(clinicId, status, signal),
  });
}
