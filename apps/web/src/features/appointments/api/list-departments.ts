import type { Department } from '@app/contracts/scheduling';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** spec 2 §7 Departments list: GET /api/scheduling/departments?clinicUuid[&providerId]. */
export async function listDepartments(clinicUuid: string, providerId?: string): Promise<Department[]> {
  const { departmentListResponseSchema } = await import('@app/contracts/scheduling');
  const query = new URLSearchParams({ clinicUuid });
  if (providerId) {
    query.set('providerId', providerId);
  }
  const answer = await apiRequest(
    `/api/scheduling/departments?${query.toString()}`,
    departmentListResponseSchema,
  );
  return answer.departments;
}
