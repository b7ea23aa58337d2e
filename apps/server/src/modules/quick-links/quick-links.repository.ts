import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quickLinks } from '../../db/schema/check-in.ts';

export type QuickLinkRow = typeof quickLinks.$inferSelect;

export async function insertQuickLink(db: Db, values: typeof quickLinks.$inferInsert): Promise<void> {
  await db.insert(quickLinks).values(values);
}

/**
 * Uses a link once, atomically: only an unused, unexpired link of this user is taken. Two requests
 * racing with the same code cannot both win.
 */
export async function consumeQuickLink(
  db: Db,
  input: { codeHash: string; userId: string; now: Date },
): Promise<QuickLinkRow | null> {
  const [row] = await db
    .update(quickLinks)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(quickLinks.codeHash, input.codeHash),
        eq(quickLinks.userId, input.userId),
        isNull(quickLinks.usedAt),
        gt(quickLinks.expiresAt, input.now),
      ),
    )
    .returning();
  return row ?? null;
}
