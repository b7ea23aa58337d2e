import type { CopayInfo } from '@app/contracts/payments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export function copayPath(taskId: string): string {
  return `/api/payments/tasks/${encodeURIComponent(taskId)}/copay`;
}

/** The copay of a task: its amount (from the task setting) and the payment, if made. */
export async function getCopay(taskId: string, signal?: AbortSignal): Promise<CopayInfo> {
  const { copayInfoSchema } = await import('@app/contracts/payments');
  return apiRequest(copayPath(taskId), copayInfoSchema, { signal });
}

export function copayQuery(taskId: string) {
  return queryOptions({
    queryKey: [copayPath(taskId)],
    queryFn: ({ signal }) => getCopay(taskId, signal),
  });
}
