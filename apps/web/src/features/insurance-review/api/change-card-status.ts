import type { InsuranceReviewCard, InsuranceStatusChange } from '@app/contracts/insurance';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { reviewCardPath } from './get-review-card.ts';

/** spec 3 §7 Change card status: approved (Import) or reviewed (Remove from list). */
export async function changeCardStatus(
  clinicId: string,
  userId: string,
  kind: string,
  change: InsuranceStatusChange,
): Promise<InsuranceReviewCard> {
  const { insuranceReviewCardSchema } = await import('@app/contracts/insurance');
  return apiRequest(`${reviewCardPath(clinicId, userId, kind)}/status`, insuranceReviewCardSchema, {
    method: 'PUT',
    body: change,
  });
}
