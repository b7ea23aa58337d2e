import type { PayCopayInput, Transaction } from '@app/contracts/payments';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { copayPath } from './get-copay.ts';

/** Pays a task's copay; answers the receipt (402 when declined, 409 when already paid). */
export async function payCopay(taskId: string, input: PayCopayInput): Promise<Transaction> {
  const { transactionSchema } = await import('@app/contracts/payments');
  return apiRequest(copayPath(taskId), transactionSchema, { method: 'POST', body: input });
}
