import type { PayBalancesInput, Transaction } from '@app/contracts/payments';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { BALANCES_PATH } from './list-balances.ts';

/** Pays the chosen balances with a card; answers the receipt (402 when declined). */
export async function payBalances(input: PayBalancesInput): Promise<Transaction> {
  const { transactionSchema } = await import('@app/contracts/payments');
  return apiRequest(`${BALANCES_PATH}/pay`, transactionSchema, { method: 'POST', body: input });
}
