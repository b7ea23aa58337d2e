import { queryOptions } from '@tanstack/react-query';
import type { InsuranceReviewList } from '@app/contracts/insurance';
import type { InsuranceFilters } from '@app/contracts/provider-data';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { filterParams, reviewBase } from './review-paths.ts';

/** spec 3 §7 Insurance cards list: status new, the filters, offset and limit (25, spec 3 §9). */
export async function listReviewCards(
  clinicId: string,
  filters: InsuranceFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<InsuranceReviewList> {
  const { insuranceReviewListSchema, INSURANCE_REVIEW_PAGE_SIZE } = await import('@app/contracts/insurance');
  const params = filterParams(filters);
  params.set('offset', String(offset));
  params.set('limit', String(INSURANCE_REVIEW_PAGE_SIZE));
  return apiRequest(`${reviewBase(clinicId)}?${params.toString()}`, insuranceReviewListSchema, { signal });
}

export function reviewCardsQuery(clinicId: string, filters: InsuranceFilters, offset: number) {
  return queryOptions({
    queryKey: [reviewBase(clinicId), 'list', filters, offset],
    queryFn: ({ signal }) => listReviewCards(clinicId, filters, offset, signal),
  });
}
