import { queryOptions } from '@tanstack/react-query';
import type { InsuranceCard } from '@app/contracts/insurance';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const INSURANCE_CARDS_PATH = '/api/insurance/cards';

/** spec 2 §7 insurance card details by clinic and user (both kinds): GET /api/insurance/cards. */
export async function listInsuranceCards(
  clinicUuid: string,
  userId: string,
  signal?: AbortSignal,
): Promise<InsuranceCard[]> {
  const { insuranceCardListSchema } = await import('@app/contracts/insurance');
  const query = new URLSearchParams({ clinicUuid, userId });
  return apiRequest(`${INSURANCE_CARDS_PATH}?${query.toString()}`, insuranceCardListSchema, { signal });
}

export function insuranceCardsQuery(clinicUuid: string, userId: string) {
  return queryOptions({
    queryKey: [INSURANCE_CARDS_PATH, clinicUuid, userId],
    queryFn: ({ signal }) => listInsuranceCards(clinicUuid, userId, signal),
    retry: false,
  });
}
