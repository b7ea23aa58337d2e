import type { Transaction } from '@app/contracts/payments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

function path(transactionId: string): string {
  return `/api/payments/transactions/${encodeURIComponent(transactionId)}`;
}

/** A payment's receipt (the patient's own; a provider's clinic's). */
export async function getReceipt(transactionId: string, signal?: AbortSignal): Promise<Transaction> {
  const { transactionSchema } = await import('@app/contracts/payments');
  return apiRequest(path(transactionId), transactionSchema, { signal });
}

export function receiptQuery(transactionId: string) {
  return queryOptions({
    queryKey: [path(transactionId)],
    queryFn: ({ signal }) => getReceipt(transactionId, signal),
    retry: false,
  });
}
