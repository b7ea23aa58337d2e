import { and, arrayOverlaps, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, clinics, providers } from '../../db/schema/clinics.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

/**
 * Whether the provider (a user id) holds one of `permissions` at a clinic where the patient is
 * registered. Permissions are per clinic (spec 3 §6), so a permission held at another clinic does not
 * count. A closed (inactive) patient account is no one to act for.
 */
export async function providerReachesPatient(
  db: Queryable,
  providerUserId: string,
  patientUserId: string,
  permissions: readonly string[],
): Promise<boolean> {
  const [row] = await db
    .select({ userId: users.id })
    .from(providers)
    .innerJoin(clinicPatients, eq(clinicPatients.clinicId, providers.clinicId))
    .innerJoin(users, eq(users.id, clinicPatients.userId))
    .where(
      and(
        eq(providers.userId, providerUserId),
        eq(clinicPatients.userId, patientUserId),
        eq(users.memberType, 'patient'),
        ne(users.status, 'inactive'),
        arrayOverlaps(providers.permissions, [...permissions]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findPatient(db: Queryable, patientUserId: string) {
  const [row] = await db
    .select({
      id: users.id,
      memberId: users.memberId,
      firstName: users.firstName,
      lastName: users.lastName,
      birthdate: users.birthdate,
    })
    .from(users)
    .where(and(eq(users.id, patientUserId), eq(users.memberType, 'patient')));
  return row;
}

/** Clinics where the provider holds the permission, by name. */
export async function clinicsWithPermission(db: Queryable, providerUserId: string, permission: string) {
  return db
    .select({ clinicUuid: clinics.id, title: clinics.name })
    .from(providers)
    .innerJoin(clinics, eq(clinics.id, providers.clinicId))
    .where(and(eq(providers.userId, providerUserId), arrayOverlaps(providers.permissions, [permission])))
    .orderBy(clinics.name);
}

/**
 * Whether a patient with this first and last name (case-insensitive) and birth date is registered at
 * the clinic already (the duplicate rule of the provider registration).
 */
export async function samePatientAtClinic(
  db: Queryable,
  clinicId: string,
  person: { firstName: string; lastName: string; birthdate: string },
): Promise<boolean> {
  const [row] = await db
    .select({ userId: users.id })
    .from(clinicPatients)
    .innerJoin(users, eq(users.id, clinicPatients.userId))
    .where(
      and(
        eq(clinicPatients.clinicId, clinicId),
        sql`lower(${users.firstName}) = ${person.firstName.toLowerCase()}`,
        sql`lower(${users.lastName}) = ${person.lastName.toLowerCase()}`,
        eq(users.birthdate, person.birthdate),
        ne(users.status, 'inactive'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Serialises registrations of one person at one clinic, so two parallel Saves cannot both pass. */
export async function lockClinicPerson(
  tx: Tx,
  clinicId: string,
  person: { firstName: string; lastName: string; birthdate: string },
): Promise<void> {
  const key = `clinic-patient:${clinicId}:${person.firstName.toLowerCase()}:${person.lastName.toLowerCase()}:${person.birthdate}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function insertClinicPatient(
  tx: Tx,
  user: typeof users.$inferInsert,
  clinicId: string,
  now: Date,
): Promise<{ id: string; memberId: string }> {
  const [row] = await tx.insert(users).values(user).returning({ id: users.id, memberId: users.memberId });
  if (!row) {
    throw new Error('patient was not created');
  }
  await tx.insert(clinicPatients).values({ clinicId, userId: row.id, registeredAt: now, source: 'provider' });
  return row;
}
