import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { toQueryString } from './query-string.ts';

export const DEPARTMENTS_PATH = '/api/scheduling/departments';

export interface DepartmentListParams {
  clinicUuid: string;
  providerId?: string;
  visitTypeId?: string;
}

/** GET /api/scheduling/departments (spec 2 §7 Departments list). */
export async function listDepartments(params: DepartmentListParams, signal?: AbortSignal) {
  const { departmentListResponseSchema } = await import('@app/contracts/scheduling');
  return apiRequest(`${DEPARTMENTS_PATH}${toQueryString({ ...params })}`, departmentListResponseSchema, {
    signal,
  });
}

export function useDepartmentList(params: DepartmentListParams | null) {
  return useQuery({
    queryKey: [DEPARTMENTS_PATH, params],
    queryFn: ({ signal }) => listDepartments(params ?? { clinicUuid: '' }, signal),
    enabled: params !== null,
  });
}
