import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinics } from '../../db/schema/clinics.ts';

/** The clinic whose branding the app shows before anyone logs in: the first one created. */
export async function findFirstClinicBranding(db: Db) {
  const [row] = await db
    .select({
      logo: clinics.logo,
      backgroundColor: clinics.backgroundColor,
      checkInFlowColor: clinics.checkInFlowColor,
    })
    .from(clinics)
    .orderBy(asc(clinics.createdAt), asc(clinics.clinicNumber))
    .limit(1);
  return row;
}
