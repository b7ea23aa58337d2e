import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinics, departments } from '../../db/schema/clinics.ts';
import { waitingTimes } from '../../db/schema/clinic-admin.ts';

export async function findSealedMasterPassword(db: Db, clinicId: string): Promise<string | null> {
  const [row] = await db
    .select({ sealed: clinics.masterPasswordEncrypted })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  return row?.sealed ?? null;
}

export async function updateMasterPassword(
  db: Db,
  clinicId: string,
  columns: { masterPasswordHash: string; masterPasswordEncrypted: string },
): Promise<void> {
  await db.update(clinics).set(columns).where(eq(clinics.id, clinicId));
}

/**
 * spec 3 §7 Waiting-time department list over the departments of spec 3 §7 "onlyIntegrated" (decision
 * 0027: the departments open for scheduling). An entry is made for each such department on first
 * read, with no buffer, so every department has one to edit.
 */
export async function listWaitingTimes(db: Db, clinicId: string, now: Date, departmentId?: string) {
  const integrated = and(
    eq(departments.clinicId, clinicId),
    eq(departments.isScheduling, true),
    departmentId ? eq(departments.id, departmentId) : undefined,
  );
  const found = await db.select({ id: departments.id }).from(departments).where(integrated);
  if (found.length > 0) {
    await db
      .insert(waitingTimes)
      .values(found.map((department) => ({ clinicId, departmentId: department.id, updatedAt: now })))
      .onConflictDoNothing({ target: waitingTimes.departmentId });
  }
  return db
    .select({
      id: waitingTimes.id,
      departmentUuid: departments.id,
      departmentName: departments.name,
      bufferTime: waitingTimes.bufferTimeSeconds,
    })
    .from(waitingTimes)
    .innerJoin(departments, eq(departments.id, waitingTimes.departmentId))
    .where(and(eq(waitingTimes.clinicId, clinicId), integrated))
    .orderBy(asc(departments.name));
}

export async function updateWaitingTime(
  db: Db,
  clinicId: string,
  entryId: string,
  bufferTimeSeconds: number,
  now: Date,
) {
  const [row] = await db
    .update(waitingTimes)
    .set({ bufferTimeSeconds, updatedAt: now })
    .where(and(eq(waitingTimes.id, entryId), eq(waitingTimes.clinicId, clinicId)))
    .returning({ id: waitingTimes.id });
  return row ?? null;
}
