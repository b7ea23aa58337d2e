import { queryOptions } from '@tanstack/react-query';
import type { CountResponse } from '@app/contracts/provider-workspace';
import type { InsuranceFilters } from '@app/contracts/provider-data';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { filterParams, reviewBase } from './review-paths.ts';

/** spec 3 §7 Insurance cards count (same filters). */
export async function countReviewCards(
  clinicId: string,
  filters: InsuranceFilters,
  signal?: AbortSignal,
): Promise<CountResponse> {
  const { countResponseSchema } = await import('@app/contracts/provider-workspace');
  return apiRequest(
    `${reviewBase(clinicId)}/count?${filterParams(filters).toString()}`,
    countResponseSchema,
    {
      signal,
    },
  );
}

export function reviewCountQuery(clinicId: string, filters: InsuranceFilters) {
  return queryOptions({
    queryKey: [reviewBase(clinicId), 'count', filters],
    queryFn: ({ signal }) => countReviewCards(clinicId, filters, signal),
  });
}
