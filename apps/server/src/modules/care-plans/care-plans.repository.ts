import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { carePlanGoals, carePlans, monitoringDevices } from '../../db/schema/vitals.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export type CarePlanRow = typeof carePlans.$inferSelect;
export type CarePlanGoalRow = typeof carePlanGoals.$inferSelect;
export type MonitoringDeviceRow = typeof monitoringDevices.$inferSelect;
export type GoalFields = Omit<typeof carePlanGoals.$inferInsert, 'id' | 'carePlanId' | 'position'>;

/** A patient's care plans, of one clinic or (clinicId null) of all, newest first. */
export async function findCarePlans(db: Queryable, userId: string, clinicId: string | null) {
  return db
    .select()
    .from(carePlans)
    .where(
      clinicId === null
        ? eq(carePlans.userId, userId)
        : and(eq(carePlans.userId, userId), eq(carePlans.clinicId, clinicId)),
    )
    .orderBy(desc(carePlans.createdAt));
}

export async function findGoalsOfPlans(db: Queryable, planIds: string[]): Promise<CarePlanGoalRow[]> {
  if (planIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(carePlanGoals)
    .where(inArray(carePlanGoals.carePlanId, planIds))
    .orderBy(asc(carePlanGoals.position));
}

export async function findCarePlan(db: Queryable, id: string, userId: string, clinicId: string) {
  const [row] = await db
    .select()
    .from(carePlans)
    .where(and(eq(carePlans.id, id), eq(carePlans.userId, userId), eq(carePlans.clinicId, clinicId)));
  return row ?? null;
}

export async function insertCarePlan(db: Queryable, values: typeof carePlans.$inferInsert) {
  const [row] = await db.insert(carePlans).values(values).returning();
  if (!row) {
    throw new Error('care plan was not stored');
  }
  return row;
}

export async function updateCarePlan(
  db: Queryable,
  id: string,
  values: Pick<CarePlanRow, 'title' | 'notes' | 'updatedAt'>,
) {
  const [row] = await db.update(carePlans).set(values).where(eq(carePlans.id, id)).returning();
  if (!row) {
    throw new Error('care plan was not updated');
  }
  return row;
}

/** The plan's goals become exactly these, in this order. */
export async function replaceGoals(db: Queryable, carePlanId: string, goals: GoalFields[]) {
  await db.delete(carePlanGoals).where(eq(carePlanGoals.carePlanId, carePlanId));
  if (goals.length === 0) {
    return [];
  }
  return db
    .insert(carePlanGoals)
    .values(goals.map((goal, position) => ({ ...goal, carePlanId, position })))
    .returning();
}

export async function findMonitoringDevices(db: Queryable, userId: string, clinicId: string) {
  return db
    .select()
    .from(monitoringDevices)
    .where(and(eq(monitoringDevices.userId, userId), eq(monitoringDevices.clinicId, clinicId)))
    .orderBy(desc(monitoringDevices.requestedAt));
}

export async function insertMonitoringDevice(db: Queryable, values: typeof monitoringDevices.$inferInsert) {
  const [row] = await db.insert(monitoringDevices).values(values).returning();
  if (!row) {
    throw new Error('device request was not stored');
  }
  return row;
}

/**
 * Issue 17 item 6: the patients of a clinic with at least one care plan there, by name. Only people
 * still registered at the clinic as patients (a plan outlives a patient who left).
 */
export async function findClinicCarePlanPatients(db: Queryable, clinicId: string) {
  return db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(carePlans)
    .innerJoin(users, eq(users.id, carePlans.userId))
    .innerJoin(
      clinicPatients,
      and(eq(clinicPatients.userId, carePlans.userId), eq(clinicPatients.clinicId, carePlans.clinicId)),
    )
    .where(and(eq(carePlans.clinicId, clinicId), eq(users.memberType, 'patient')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}
