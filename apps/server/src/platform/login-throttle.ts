import { and, eq, sql } from 'drizzle-orm';
import { normalizeIP } from '@fastify/rate-limit';
import {
  LOGIN_MAX_FAILURES,
  LOGIN_THROTTLE_FIRST_DELAY_SECONDS,
  LOGIN_THROTTLE_FORGET_SECONDS,
  LOGIN_THROTTLE_MAX_DELAY_SECONDS,
} from '@app/contracts/session';
import type { Db } from '../db/client.ts';
import { loginThrottles } from '../db/schema/auth.ts';

/**
 * Issue 19 item 9 (NIST 800-63B §5.2.2, decision 0061): wrong passwords slow down the place they come
 * from, never the account as a whole, so an attacker elsewhere cannot keep the owner out. Callers
 * answer a throttled attempt exactly like a wrong password (same status, same text, same hashing
 * work), and judge nothing while it lasts: even the right password is refused from that address.
 * State lives in PostgreSQL: any instance behind the load balancer sees the same counts.
 */

/** The key of a client: its address, with one IPv6 /64 counted as one (as the rate limits do). */
export function throttleAddressOf(ip: string): string {
  return normalizeIP(ip);
}

export async function isLoginThrottled(db: Db, userId: string, ip: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.userId, userId), eq(loginThrottles.clientAddress, throttleAddressOf(ip))));
  const blockedUntil = row?.blockedUntil ?? null;
  return blockedUntil !== null && blockedUntil > now;
}

/**
 * Counts a wrong password in one statement, so parallel guesses cannot each read the same count and
 * slip past the delay. The count restarts when the last failure is older than the forget window; from
 * LOGIN_MAX_FAILURES on, each failure blocks the address for FIRST × 2^(failures − MAX), at most MAX.
 */
export async function recordLoginFailure(db: Db, userId: string, ip: string, now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const forgetBefore = sql`${new Date(now.getTime() - LOGIN_THROTTLE_FORGET_SECONDS * 1000).toISOString()}::timestamptz`;
  const failures = sql`case when ${loginThrottles.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottles.failures} + 1 end`;
  const blockedUntil = (count: ReturnType<typeof sql>) =>
    sql`case when ${count} >= ${LOGIN_MAX_FAILURES}::int then ${at} + make_interval(secs => least(${LOGIN_THROTTLE_MAX_DELAY_SECONDS}::int, ${LOGIN_THROTTLE_FIRST_DELAY_SECONDS}::int * power(2, least(${count} - ${LOGIN_MAX_FAILURES}::int, 30)))) else null end`;
  await db
    .insert(loginThrottles)
    .values({
      userId,
      clientAddress: throttleAddressOf(ip),
      failures: 1,
      lastFailureAt: now,
      blockedUntil: sql`${blockedUntil(sql`1`)}`,
    })
    .onConflictDoUpdate({
      target: [loginThrottles.userId, loginThrottles.clientAddress],
      set: { failures, lastFailureAt: now, blockedUntil: blockedUntil(failures) },
    });
}

/** A good password from an address forgets that address's failures (and only that address's). */
export async function clearLoginFailures(db: Db, userId: string, ip: string): Promise<void> {
  await db
    .delete(loginThrottles)
    .where(and(eq(loginThrottles.userId, userId), eq(loginThrottles.clientAddress, throttleAddressOf(ip))));
}

/** A new password (set by the owner or through recovery) makes every earlier failure moot. */
export async function forgetAllLoginFailures(db: Db, userId: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.userId, userId));
}
