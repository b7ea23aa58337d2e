import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinics } from '../../db/schema/clinics.ts';
import { balanceItems, paymentTransactions } from '../../db/schema/payments.ts';

export type BalanceItemRow = typeof balanceItems.$inferSelect;
export type TransactionRow = typeof paymentTransactions.$inferSelect;

export async function findOpenBalances(db: Db, userId: string, clinicId?: string): Promise<BalanceItemRow[]> {
  return db
    .select()
    .from(balanceItems)
    .where(
      and(
        eq(balanceItems.userId, userId),
        isNull(balanceItems.paidAt),
        clinicId ? eq(balanceItems.clinicId, clinicId) : undefined,
      ),
    )
    .orderBy(asc(balanceItems.createdAt));
}

/** The unpaid items among `ids` that belong to the user, locked until the transaction ends. */
export async function lockOpenBalances(db: Db, userId: string, ids: string[]): Promise<BalanceItemRow[]> {
  return db
    .select()
    .from(balanceItems)
    .where(and(inArray(balanceItems.id, ids), eq(balanceItems.userId, userId), isNull(balanceItems.paidAt)))
    .for('update');
}

export async function markBalancesPaid(db: Db, ids: string[], transactionId: string, now: Date) {
  await db
    .update(balanceItems)
    .set({ paidAt: now, paidByTransactionId: transactionId })
    .where(inArray(balanceItems.id, ids));
}

export async function insertTransaction(db: Db, values: typeof paymentTransactions.$inferInsert) {
  const [row] = await db.insert(paymentTransactions).values(values).returning();
  if (!row) {
    throw new Error('transaction was not stored');
  }
  return row;
}

export async function findTransaction(db: Db, id: string) {
  const [row] = await db
    .select({ transaction: paymentTransactions, clinicName: clinics.name })
    .from(paymentTransactions)
    .innerJoin(clinics, eq(clinics.id, paymentTransactions.clinicId))
    .where(eq(paymentTransactions.id, id));
  return row ?? null;
}

export async function findPaidCopayOfTask(db: Db, taskId: string) {
  const [row] = await db
    .select({ transaction: paymentTransactions, clinicName: clinics.name })
    .from(paymentTransactions)
    .innerJoin(clinics, eq(clinics.id, paymentTransactions.clinicId))
    .where(
      and(
        eq(paymentTransactions.taskId, taskId),
        eq(paymentTransactions.kind, 'copay'),
        eq(paymentTransactions.status, 'succeeded'),
      ),
    );
  return row ?? null;
}

/** Serialises copay payments of one task (a double click must not charge twice). */
export async function lockTask(db: Db, taskId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`copay:${taskId}`}))`);
}

/** A patient's payments at one clinic, newest first (the provider's payments tab, issue 6). */
export async function findPatientTransactions(db: Db, userId: string, clinicId: string) {
  return db
    .select({ transaction: paymentTransactions, clinicName: clinics.name })
    .from(paymentTransactions)
    .innerJoin(clinics, eq(clinics.id, paymentTransactions.clinicId))
    .where(and(eq(paymentTransactions.userId, userId), eq(paymentTransactions.clinicId, clinicId)))
    .orderBy(desc(paymentTransactions.createdAt))
    .limit(100);
}
