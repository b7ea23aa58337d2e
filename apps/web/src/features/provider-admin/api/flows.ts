import { queryOptions } from '@tanstack/react-query';
import type { Flow, FlowCreate, FlowStatus } from '@app/contracts/worklists';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './clinic-path.ts';

export async function listFlows(clinicId: string, patientId?: string, signal?: AbortSignal): Promise<Flow[]> {
  const { flowListResponseSchema } = await import('@app/contracts/worklists');
  const query = patientId ? `?patientId=${encodeURIComponent(patientId)}` : '';
  return apiRequest(`${clinicPath(clinicId, 'flows')}${query}`, flowListResponseSchema, { signal });
}

export function flowsQuery(clinicId: string, patientId?: string) {
  return queryOptions({
    queryKey: [clinicPath(clinicId, 'flows'), patientId ?? 'all'],
    queryFn: ({ signal }) => listFlows(clinicId, patientId, signal),
  });
}

export async function createFlow(clinicId: string, input: FlowCreate): Promise<Flow> {
  const { flowSchema } = await import('@app/contracts/worklists');
  return apiRequest(clinicPath(clinicId, 'flows'), flowSchema, { method: 'POST', body: input });
}

export async function updateFlow(clinicId: string, flowId: string, status: FlowStatus): Promise<Flow> {
  const { flowSchema } = await import('@app/contracts/worklists');
  return apiRequest(clinicPath(clinicId, `flows/${encodeURIComponent(flowId)}`), flowSchema, {
    method: 'PATCH',
    body: { status },
  });
}
