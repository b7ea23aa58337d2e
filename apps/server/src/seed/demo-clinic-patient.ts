import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { clinics } from '../db/schema/clinics.ts';

/**
 * The demo clinic (by its clinic number) and one demo patient (by username), for the seeds that run
 * after the database seed because they write to the file store. Null when either is missing.
 */
export async function findDemoClinicAndPatient(db: Db, clinicNumber: number, username: string) {
  const [clinic] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(eq(clinics.clinicNumber, clinicNumber));
  const [patient] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.username, username));
  return clinic && patient ? { clinic, patient } : null;
}
