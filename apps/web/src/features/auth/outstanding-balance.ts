import type { LoginResult } from '@app/contracts/auth';

/**
 * spec 1 §2 rule 4: patients with an outstanding balance go to the balance list after login.
 * The default check asks the payments API (GET /api/payments/balances, decision 0021); its fetcher
 * loads only when a patient logs in, so the first page does not carry it. Tests may install another.
 */
export type OutstandingBalanceCheck = (user: LoginResult) => Promise<boolean>;

export const noOutstandingBalance: OutstandingBalanceCheck = () => Promise.resolve(false);

const openBalanceCheck: OutstandingBalanceCheck = async () => {
  const { hasOpenBalance } = await import('../payments/api/has-open-balance.ts');
  return hasOpenBalance();
};

let check: OutstandingBalanceCheck = openBalanceCheck;

export function setOutstandingBalanceCheck(next: OutstandingBalanceCheck): void {
  check = next;
}

/** Runs the installed check for patients only; a failing check never blocks the login. */
export async function hasOutstandingBalance(user: LoginResult): Promise<boolean> {
  if (user.memberType !== 'patient') {
    return false;
  }
  try {
    return await check(user);
  } catch {
    return false;
  }
}
