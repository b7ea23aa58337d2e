import type { InsuranceFilters } from '@app/contracts/provider-data';

// Clinic-scoped insurance review calls (spec 3 §7; decision 0025).
export const reviewBase = (clinicId: string) =>
  `/api/provider/clinics/${encodeURIComponent(clinicId)}/insurance-cards`;

/** The list/count/next filters as query parameters (status new; empty lists mean all). */
export function filterParams(filters: InsuranceFilters): URLSearchParams {
  const params = new URLSearchParams({ status: 'new' });
  for (const id of filters.departmentUuidList) {
    params.append('listDepartmentUuid', id);
  }
  for (const id of filters.providerIdList) {
    params.append('listProviderId', id);
  }
  return params;
}
