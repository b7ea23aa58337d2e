import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { taskSettings } from '../db/schema/check-in.ts';
import { clinics } from '../db/schema/clinics.ts';
import { balanceItems } from '../db/schema/payments.ts';

/** The demo copay (issue 5 item 9): $25.00. */
export const DEMO_COPAY_CENTS = 2500;

/**
 * The demo clinic's copay amount (task setting 'copay') and olive.balance's open balances: two past
 * visits, so the balance list has something to pay with the test card.
 */
export async function seedDemoPayments(tx: Db, clinicName: string, now: Date): Promise<void> {
  const [clinic] = await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.name, clinicName));
  if (!clinic) {
    throw new Error(`Demo payments: clinic ${clinicName} is missing`);
  }
  await tx
    .update(taskSettings)
    .set({
      config: sql`${taskSettings.config} || ${JSON.stringify({ amountCents: DEMO_COPAY_CENTS })}::jsonb`,
    })
    .where(and(eq(taskSettings.clinicId, clinic.id), sql`${taskSettings.config}->>'demoKey' = 'copay'`));
  const [olive] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'olive.balance'));
  if (!olive) {
    throw new Error('Demo payments: olive.balance is missing');
  }
  // Dated by the server's clock (the list shows and orders by it), the older visit first.
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
  await tx.insert(balanceItems).values([
    {
      userId: olive.id,
      clinicId: clinic.id,
      description: 'Office visit, lab work',
      amountCents: 8_550,
      createdAt: daysAgo(30),
    },
    {
      userId: olive.id,
      clinicId: clinic.id,
      description: 'Office visit, follow-up',
      amountCents: 4_000,
      createdAt: daysAgo(14),
    },
  ]);
}
