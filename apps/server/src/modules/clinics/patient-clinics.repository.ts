import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinicPatients, clinics, departments, providers } from '../../db/schema/clinics.ts';
import { clinicInvitations } from '../../db/schema/patient-records.ts';

// Queries of issue 16's clinics screens (decision 0035): the patient's clinics, invitation codes.

export interface LocationRow {
  clinicId: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
}

/** The places of these clinics a patient can find: departments with an address or a city, by name. */
export async function findClinicLocations(db: Db, clinicIds: string[]): Promise<LocationRow[]> {
  if (clinicIds.length === 0) {
    return [];
  }
  return db
    .select({
      clinicId: departments.clinicId,
      name: departments.name,
      address: departments.address,
      city: departments.city,
      state: departments.state,
    })
    .from(departments)
    .where(
      and(
        inArray(departments.clinicId, clinicIds),
        or(isNotNull(departments.address), isNotNull(departments.city)),
      ),
    )
    .orderBy(asc(departments.name), asc(departments.id));
}

/** Those of these clinics a patient can book in: a department open for scheduling and a provider who takes bookings. */
export async function findBookableClinicIds(db: Db, clinicIds: string[]): Promise<Set<string>> {
  if (clinicIds.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectDistinct({ clinicId: departments.clinicId })
    .from(departments)
    .where(
      and(
        inArray(departments.clinicId, clinicIds),
        eq(departments.isScheduling, true),
        exists(
          db
            .select({ id: providers.id })
            .from(providers)
            .where(and(eq(providers.clinicId, departments.clinicId), eq(providers.scheduling, true))),
        ),
      ),
    );
  return new Set(rows.map((row) => row.clinicId));
}

/** The clinics this patient is registered at, oldest connection first. */
export async function findPatientClinics(db: Db, userId: string, clinicId?: string) {
  return db
    .select({
      clinicId: clinics.id,
      name: clinics.name,
      logo: clinics.logo,
      connectedAt: clinicPatients.registeredAt,
    })
    .from(clinicPatients)
    .innerJoin(clinics, eq(clinics.id, clinicPatients.clinicId))
    .where(
      and(eq(clinicPatients.userId, userId), clinicId ? eq(clinicPatients.clinicId, clinicId) : undefined),
    )
    .orderBy(asc(clinicPatients.registeredAt), asc(clinics.name));
}

/** A code that still opens its clinic: neither revoked nor expired at `now`. */
function isLive(now: Date) {
  return and(
    isNull(clinicInvitations.revokedAt),
    or(isNull(clinicInvitations.expiresAt), gt(clinicInvitations.expiresAt, now)),
  );
}

/** The clinic a live code belongs to, and whether this patient is registered there already. */
export async function findLiveInvitation(db: Db, code: string, userId: string, now: Date) {
  const [row] = await db
    .select({
      clinicId: clinics.id,
      clinicName: clinics.name,
      logo: clinics.logo,
      registeredUserId: clinicPatients.userId,
    })
    .from(clinicInvitations)
    .innerJoin(clinics, eq(clinics.id, clinicInvitations.clinicId))
    .leftJoin(clinicPatients, and(eq(clinicPatients.clinicId, clinics.id), eq(clinicPatients.userId, userId)))
    .where(and(eq(clinicInvitations.code, code), isLive(now)))
    .limit(1);
  return row ?? null;
}

/** Registers the patient at the clinic; false when they were registered already (also in a race). */
export async function insertClinicPatient(
  db: Db,
  values: { clinicId: string; userId: string; registeredAt: Date; source: string },
): Promise<boolean> {
  const inserted = await db
    .insert(clinicPatients)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: clinicPatients.userId });
  return inserted.length > 0;
}

/** Whether this user holds the permission as a provider of this very clinic (not of another one). */
export async function hasClinicPermission(
  db: Db,
  userId: string,
  clinicId: string,
  permission: string,
): Promise<boolean> {
  const [row] = await db
    .select({ permissions: providers.permissions })
    .from(providers)
    .where(and(eq(providers.userId, userId), eq(providers.clinicId, clinicId)));
  return row?.permissions.includes(permission) ?? false;
}

export async function listClinicInvitations(db: Db, clinicId: string) {
  return db
    .select()
    .from(clinicInvitations)
    .where(eq(clinicInvitations.clinicId, clinicId))
    .orderBy(desc(clinicInvitations.createdAt), asc(clinicInvitations.code));
}

export async function countLiveClinicInvitations(db: Db, clinicId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clinicInvitations)
    .where(and(eq(clinicInvitations.clinicId, clinicId), isLive(now)));
  return row?.n ?? 0;
}

export async function insertClinicInvitation(db: Db, values: typeof clinicInvitations.$inferInsert) {
  const [row] = await db.insert(clinicInvitations).values(values).returning();
  if (!row) {
    throw new Error('invitation was not created');
  }
  return row;
}

/** Revokes a clinic's code (once: a second revoke keeps the first time); null when the clinic has no such code. */
export async function revokeClinicInvitation(db: Db, clinicId: string, code: string, now: Date) {
  await db
    .update(clinicInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(clinicInvitations.clinicId, clinicId),
        eq(clinicInvitations.code, code),
        isNull(clinicInvitations.revokedAt),
      ),
    );
  const [row] = await db
    .select()
    .from(clinicInvitations)
    .where(and(eq(clinicInvitations.clinicId, clinicId), eq(clinicInvitations.code, code)));
  return row ?? null;
}
