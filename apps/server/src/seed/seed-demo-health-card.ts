import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { insuranceCards } from '../db/schema/insurance.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import { findDemoClinicAndPatient } from './demo-clinic-patient.ts';
import { storeCardWithPhoto } from './seed-demo-insurance.ts';

// Issue 16 health card (decision 0034): jane.patient's primary insurance, so a newcomer's first look at
// Health card shows a filled card (and the empty secondary section). Already reviewed ('approved'), so
// dr.smith's queue of new cards stays as seed-demo-insurance.ts left it. Runs after that seed, because
// it skips a clinic that has any card; this one skips only when jane has a card already.

export const DEMO_HEALTH_CARD_INSURANCE = {
  username: 'jane.patient',
  ircName: 'UnitedHealthcare',
  planName: 'Choice Plus PPO',
  insuranceNumber: 'UHC 904 417 226',
} as const;

export async function seedDemoHealthCard(
  db: Db,
  store: FileStore,
  clinicNumber: number,
  /** The server's clock (context.now, decision 0031). */
  now: Date,
): Promise<void> {
  const found = await findDemoClinicAndPatient(db, clinicNumber, DEMO_HEALTH_CARD_INSURANCE.username);
  if (!found) {
    return;
  }
  const { clinic, patient: person } = found;
  const [existing] = await db
    .select({ id: insuranceCards.id })
    .from(insuranceCards)
    .where(and(eq(insuranceCards.userId, person.id), eq(insuranceCards.clinicId, clinic.id)))
    .limit(1);
  if (existing) {
    return;
  }
  const id = await storeCardWithPhoto(db, store, {
    clinicId: clinic.id,
    userId: person.id,
    kind: 'primary',
    ircName: DEMO_HEALTH_CARD_INSURANCE.ircName,
    planName: DEMO_HEALTH_CARD_INSURANCE.planName,
    insuranceNumber: DEMO_HEALTH_CARD_INSURANCE.insuranceNumber,
    policyHolderName: `${person.firstName} ${person.lastName}`,
    // Sent a month before the demo starts.
    updatedAt: new Date(now.getTime() - 30 * 24 * 3_600_000),
    hue: '#1c4f8a',
  });
  await db.update(insuranceCards).set({ status: 'approved' }).where(eq(insuranceCards.id, id));
}
