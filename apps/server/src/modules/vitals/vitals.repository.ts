import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vitalReadings } from '../../db/schema/vitals.ts';

export type VitalReadingRow = typeof vitalReadings.$inferSelect;

export async function insertVitalReading(db: Db, values: typeof vitalReadings.$inferInsert) {
  const [row] = await db.insert(vitalReadings).values(values).returning();
  if (!row) {
    throw new Error('vital reading was not stored');
  }
  return row;
}

export async function findLatestReadingOfTask(db: Db, taskId: string): Promise<VitalReadingRow | null> {
  const [row] = await db
    .select()
    .from(vitalReadings)
    .where(eq(vitalReadings.taskId, taskId))
    .orderBy(desc(vitalReadings.recordedAt))
    .limit(1);
  return row ?? null;
}
