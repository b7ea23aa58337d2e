import { queryOptions } from '@tanstack/react-query';
import type { InsuranceReviewCard } from '@app/contracts/insurance';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { reviewBase } from './review-paths.ts';

export const reviewCardPath = (clinicId: string, userId: string, kind: string) =>
  `${reviewBase(clinicId)}/${encodeURIComponent(userId)}/${encodeURIComponent(kind)}`;

/** spec 3 §7 Insurance card details (clinic uuid, userId, type). */
export async function getReviewCard(
  clinicId: string,
  userId: string,
  kind: string,
  signal?: AbortSignal,
): Promise<InsuranceReviewCard> {
  const { insuranceReviewCardSchema } = await import('@app/contracts/insurance');
  return apiRequest(reviewCardPath(clinicId, userId, kind), insuranceReviewCardSchema, { signal });
}

export function reviewCardQuery(clinicId: string, userId: string, kind: string) {
  return queryOptions({
    queryKey: [reviewBase(clinicId), 'card', userId, kind],
    queryFn: ({ signal }) => getReviewCard(clinicId, userId, kind, signal),
    retry: false,
    meta: { errorBanner: false },
  });
}
