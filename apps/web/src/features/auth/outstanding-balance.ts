import type { LoginResult } from '@app/contracts/auth';

/**
 * spec 1 §2 rule 4: patients with an outstanding balance go to the balance list after login.
 * No balance API exists yet (payments arrive with document 2), so the default check answers false;
 * the payments feature installs the real check with setOutstandingBalanceCheck at start-up.
 */
export type OutstandingBalanceCheck = (user: LoginResult) => Promise<boolean>;

export const noOutstandingBalance: OutstandingBalanceCheck = () => Promise.resolve(false);

let check: OutstandingBalanceCheck = noOutstandingBalance;

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
