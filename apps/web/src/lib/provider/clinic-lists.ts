import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimpleDepartment, SimpleProvider } from '@app/contracts/clinic-lists';
import { apiRequest } from '../api/api-client.ts';

// spec 3 §7 Departments simple list and Provider simple list: used by the schedule and waiting-room
// filters and by the insurance-card filter.

const path = (clinicId: string, list: 'departments' | 'providers') =>
  `/api/provider/clinics/${encodeURIComponent(clinicId)}/${list}`;

export async function listDepartments(clinicId: string, signal?: AbortSignal): Promise<SimpleDepartment[]> {
  const { departmentListSchema } = await import('@app/contracts/clinic-lists');
  return apiRequest(path(clinicId, 'departments'), departmentListSchema, { signal });
}

export function departmentsQuery(clinicId: string) {
  return queryOptions({
    queryKey: [path(clinicId, 'departments')],
    queryFn: ({ signal }) => listDepartments(clinicId, signal),
    // Until the workspace names the clinic there is nothing to ask for.
    enabled: clinicId !== '',
    staleTime: 5 * 60_000,
  });
}

export function useDepartments(clinicId: string) {
  return useQuery(departmentsQuery(clinicId));
}

/** With the chosen departments when some are chosen. */
export async function listProviders(
  clinicId: string,
  departments: string[],
  signal?: AbortSignal,
): Promise<SimpleProvider[]> {
  const { providerListSchema } = await import('@app/contracts/clinic-lists');
  const query = departments.length > 0 ? `?departments=${departments.map(encodeURIComponent).join(',')}` : '';
  return apiRequest(`${path(clinicId, 'providers')}${query}`, providerListSchema, { signal });
}

export function providersQuery(clinicId: string, departments: string[]) {
  return queryOptions({
    queryKey: [path(clinicId, 'providers'), departments],
    queryFn: ({ signal }) => listProviders(clinicId, departments, signal),
    // Until the workspace names the clinic there is nothing to ask for.
    enabled: clinicId !== '',
    staleTime: 5 * 60_000,
  });
}

export function useProviders(clinicId: string, departments: string[]) {
  return useQuery(providersQuery(clinicId, departments));
}
