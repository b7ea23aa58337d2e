import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, departments } from '../../db/schema/clinics.ts';
import { patientDemographics } from '../../db/schema/demographics.ts';

export type DemographicsRow = typeof patientDemographics.$inferSelect;
export type DemographicsValues = Partial<Omit<typeof patientDemographics.$inferInsert, 'userId'>>;

export async function findPatientUser(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.memberType, 'patient')));
  return row ?? null;
}

/** Whether the patient is registered at one of the clinics. */
export async function isPatientOfClinics(db: Db, userId: string, clinicIds: string[]): Promise<boolean> {
  if (clinicIds.length === 0) {
    return false;
  }
  const [row] = await db
    .select({ userId: clinicPatients.userId })
    .from(clinicPatients)
    .where(and(eq(clinicPatients.userId, userId), inArray(clinicPatients.clinicId, clinicIds)))
    .limit(1);
  return row !== undefined;
}

export async function findDemographics(db: Db, userId: string): Promise<DemographicsRow | null> {
  const [row] = await db.select().from(patientDemographics).where(eq(patientDemographics.userId, userId));
  return row ?? null;
}

export async function upsertDemographics(db: Db, userId: string, values: DemographicsValues, now: Date) {
  await db
    .insert(patientDemographics)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: patientDemographics.userId, set: { ...values, updatedAt: now } });
}

export async function updateUserPersonal(
  db: Db,
  userId: string,
  values: Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'birthdate' | 'gender' | 'email' | 'timezone'
  >,
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function isDepartmentOfClinic(db: Db, departmentId: string, clinicId: string) {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.clinicId, clinicId)));
  return row !== undefined;
}
