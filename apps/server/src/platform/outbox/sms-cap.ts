import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';

/**
 * How many text messages went to one number since `since` (issue 3: at most 3 per 15 minutes).
 * Counted from the outbox itself, so the cap holds across instances without another store.
 */
export async function recentSmsCount(db: Db, recipient: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, 'sms'),
        eq(outboxMessages.recipient, recipient),
        gt(outboxMessages.createdAt, since),
      ),
    );
  return row?.value ?? 0;
}

/**
 * Serialises sends to one number until the caller's transaction ends (PostgreSQL advisory lock), so a
 * count followed by an insert cannot be raced by another instance.
 */
export async function lockSmsRecipient(tx: Db, recipient: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-cap:${recipient}`}))`);
}
