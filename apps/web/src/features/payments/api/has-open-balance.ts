import { listBalances } from './list-balances.ts';

/**
 * spec 1 §2 rule 4: whether the patient owes anything (the post-login check). Its own module, loaded
 * by the login when a patient logs in (features/auth/outstanding-balance.ts): were list-balances.ts
 * loaded that way, it would be a chunk of its own, one more request on the patient home (decision
 * 0074).
 */
export async function hasOpenBalance(): Promise<boolean> {
  return (await listBalances()).totalCents > 0;
}
