import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { migrateInsuranceFilters, type InsuranceFilters } from '@app/contracts/provider-data';
import { providerDataQuery, saveProviderData } from '../../lib/provider/provider-data.ts';
import { departmentsQuery } from '../../lib/provider/clinic-lists.ts';

/**
 * The provider's stored insurance filters (spec 3 §3, key insuranceFilters). A legacy departmentIdList
 * is migrated to uuids through the departments list and saved back in the new shape.
 */
export function useInsuranceFilters(clinicId: string | undefined): {
  filters: InsuranceFilters | null;
  departments: { id: string; uuid: string; name: string }[];
} {
  const queryClient = useQueryClient();
  const stored = useQuery(providerDataQuery('insuranceFilters'));
  const departments = useQuery({ ...departmentsQuery(clinicId ?? ''), enabled: Boolean(clinicId) });
  const result = useMemo(
    () =>
      stored.data && departments.data ? migrateInsuranceFilters(stored.data.value, departments.data) : null,
    [stored.data, departments.data],
  );
  useEffect(() => {
    if (result?.migrated) {
      void saveProviderData('insuranceFilters', result.filters).then(() =>
        queryClient.invalidateQueries({ queryKey: providerDataQuery('insuranceFilters').queryKey }),
      );
    }
  }, [result, queryClient]);
  return { filters: result?.filters ?? null, departments: departments.data ?? [] };
}
