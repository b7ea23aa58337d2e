import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinics } from '../../db/schema/clinics.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The deployment's home clinic: its first clinic, the same one whose branding the app shows before
 * anyone logs in (decision 0002). Decision 0037: a UnitedMD sign-up without a clinic link becomes its
 * patient, so the scheduling start has providers to offer.
 */
export async function findHomeClinicId(db: Db | Tx): Promise<string | undefined> {
  const [row] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .orderBy(asc(clinics.createdAt), asc(clinics.clinicNumber))
    .limit(1);
  return row?.id;
}
