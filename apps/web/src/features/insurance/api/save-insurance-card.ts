import type { InsuranceCard, InsuranceCardKind, SaveInsuranceCardInput } from '@app/contracts/insurance';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { INSURANCE_CARDS_PATH } from './list-insurance-cards.ts';

/** Saves the card of one kind: PUT /api/insurance/cards/:kind (a new or changed card goes to review). */
export async function saveInsuranceCard(
  kind: InsuranceCardKind,
  input: SaveInsuranceCardInput,
): Promise<InsuranceCard> {
  const { insuranceCardSchema } = await import('@app/contracts/insurance');
  return apiRequest(`${INSURANCE_CARDS_PATH}/${kind}`, insuranceCardSchema, { method: 'PUT', body: input });
}
