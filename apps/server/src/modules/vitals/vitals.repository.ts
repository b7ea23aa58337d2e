import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { vitalReadings, vitalValues } from '../../db/schema/vitals.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export type VitalReadingRow = typeof vitalReadings.$inferSelect;

export async function insertVitalReading(db: Queryable, values: typeof vitalReadings.$inferInsert) {
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

export type VitalValueRow = typeof vitalValues.$inferSelect;

export async function insertVitalValues(
  db: Queryable,
  rows: (typeof vitalValues.$inferInsert)[],
): Promise<VitalValueRow[]> {
  if (rows.length === 0) {
    return [];
  }
  return db.insert(vitalValues).values(rows).returning();
}

/** The values of the keys since a moment, oldest first. */
export async function findVitalValues(
  db: Queryable,
  userId: string,
  keys: readonly string[],
  since: Date,
): Promise<VitalValueRow[]> {
  return db
    .select()
    .from(vitalValues)
    .where(
      and(
        eq(vitalValues.userId, userId),
        inArray(vitalValues.key, [...keys]),
        gte(vitalValues.recordedAt, since),
      ),
    )
    .orderBy(asc(vitalValues.recordedAt), asc(vitalValues.key));
}

/** The latest value of one key, if any. */
export async function findLatestVitalValue(
  db: Queryable,
  userId: string,
  key: string,
): Promise<number | null> {
  const [row] = await db
    .select({ value: vitalValues.value })
    .from(vitalValues)
    .where(and(eq(vitalValues.userId, userId), eq(vitalValues.key, key)))
    .orderBy(desc(vitalValues.recordedAt))
    .limit(1);
  return row?.value ?? null;
}

/** Whether the user is a patient registered at the clinic. */
export async function isPatientOfClinic(db: Queryable, clinicId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: clinicPatients.userId })
    .from(clinicPatients)
    .innerJoin(users, eq(users.id, clinicPatients.userId))
    .where(
      and(
        eq(clinicPatients.clinicId, clinicId),
        eq(clinicPatients.userId, userId),
        eq(users.memberType, 'patient'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
