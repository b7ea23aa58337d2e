import type { BalanceList } from '@app/contracts/payments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { serverCheckedAnswer } from '../../../lib/api/server-checked-answer.ts';

export const BALANCES_PATH = '/api/payments/balances';

/**
 * The signed-in patient's open balances (issue 5 item 9), of one clinic when given. The patient home
 * reads them: checked by the server's schema only (decision 0074).
 */
export async function listBalances(clinicUuid?: string, signal?: AbortSignal): Promise<BalanceList> {
  const query = clinicUuid ? `?clinicUuid=${encodeURIComponent(clinicUuid)}` : '';
  return apiRequest(`${BALANCES_PATH}${query}`, serverCheckedAnswer<BalanceList>(), { signal });
}

export function balancesQuery(clinicUuid?: string) {
  return queryOptions({
    queryKey: [BALANCES_PATH, clinicUuid ?? 'all'],
    queryFn: ({ signal }) => listBalances(clinicUuid, signal),
  });
}
