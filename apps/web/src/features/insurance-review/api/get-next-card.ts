import type { InsuranceNext } from '@app/contracts/insurance';
import type { InsuranceFilters } from '@app/contracts/provider-data';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { filterParams, reviewBase } from './review-paths.ts';

/**
 * spec 3 §4 Next card: limit 1 at offset = order, wrapping to 0 (the server applies the rule). `after`
 * is the card on screen: the server then answers the first still-new card after it (issue 17 item 8).
 */
export async function getNextCard(
  clinicId: string,
  filters: InsuranceFilters,
  order: number,
  after?: string,
): Promise<InsuranceNext> {
  const { insuranceNextSchema } = await import('@app/contracts/insurance');
  const params = filterParams(filters);
  params.set('order', String(order));
  if (after) {
    params.set('after', after);
  }
  return apiRequest(`${reviewBase(clinicId)}/next?${params.toString()}`, insuranceNextSchema);
}
