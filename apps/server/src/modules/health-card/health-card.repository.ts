import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, clinics, departments } from '../../db/schema/clinics.ts';
import { appointments } from '../../db/schema/scheduling.ts';

export async function findPatient(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      birthdate: users.birthdate,
      memberId: users.memberId,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.memberType, 'patient')));
  return row ?? null;
}

/** The clinics the patient belongs to, in the order they joined. */
export async function findPatientClinics(db: Db, userId: string) {
  return db
    .select({ id: clinics.id, clinicNumber: clinics.clinicNumber, name: clinics.name, logo: clinics.logo })
    .from(clinicPatients)
    .innerJoin(clinics, eq(clinics.id, clinicPatients.clinicId))
    .where(eq(clinicPatients.userId, userId))
    .orderBy(asc(clinicPatients.registeredAt), asc(clinics.clinicNumber));
}

/**
 * Per clinic, the department of the patient's next visit that is not cancelled (one under way counts),
 * or else of their latest past one: the location the card names.
 */
export async function findVisitLocations(db: Db, userId: string, now: Date) {
  const upcoming = gte(appointments.finishAt, now);
  return db
    .selectDistinctOn([appointments.clinicId], {
      clinicId: appointments.clinicId,
      name: departments.name,
      address: departments.address,
      city: departments.city,
      state: departments.state,
    })
    .from(appointments)
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .where(and(eq(appointments.patientUserId, userId), ne(appointments.status, 'cancelled')))
    .orderBy(
      appointments.clinicId,
      desc(sql`(${upcoming})`),
      // The nearest first on either side of now: upcoming ones ascending, past ones descending.
      asc(sql`case when ${upcoming} then ${appointments.startAt} end`),
      desc(appointments.startAt),
    );
}
