import { z } from 'zod';
import {
  ACCOUNT_SESSIONS_PATH,
  accountSessionListSchema,
  signOutOthersResponseSchema,
  type AccountSession,
} from '@app/contracts/account-sessions';
import { apiRequest } from '../../../lib/api/api-client.ts';

// Issue 19 item 10 (decision 0061): the account's sessions and devices.

export { ACCOUNT_SESSIONS_PATH };

export function listAccountSessions(): Promise<AccountSession[]> {
  return apiRequest(ACCOUNT_SESSIONS_PATH, accountSessionListSchema);
}

export async function signOutSession(sessionId: string): Promise<void> {
  await apiRequest(`${ACCOUNT_SESSIONS_PATH}/${encodeURIComponent(sessionId)}`, z.null(), {
    method: 'DELETE',
  });
}

export async function signOutOtherSessions(): Promise<number> {
  const result = await apiRequest(`${ACCOUNT_SESSIONS_PATH}/sign-out-others`, signOutOthersResponseSchema, {
    method: 'POST',
    body: {},
  });
  return result.signedOut;
}
