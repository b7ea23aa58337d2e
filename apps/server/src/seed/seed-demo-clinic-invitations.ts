import { and, eq, isNull } from 'drizzle-orm';
import { formatInvitationCode, invitationConnectPath } from '@app/contracts/clinic-invitation-code';
import { DEFAULT_BRAND_BACKGROUND } from '@app/contracts/variants';
import type { Db } from '../db/client.ts';
import { clinics, departments } from '../db/schema/clinics.ts';
import { clinicInvitations } from '../db/schema/patient-records.ts';

// Issue 16 item 1 (decision 0035): a second demo clinic nobody is connected to yet, with a printed
// invitation code, so a newcomer can try /user/provider/connect as jane.patient. Part of the demo
// seed's one transaction (seed-demo-data.ts).

export const DEMO_SECOND_CLINIC_NUMBER = 1002;
export const DEMO_SECOND_CLINIC_NAME = 'Hillcrest Medical Group';
/** Stored form; shown as HCM7-4QPD. Never expires: the README and the start-up lines print it. */
export const DEMO_INVITATION_CODE = 'HCM74QPD';

export interface DemoInvitation {
  clinicName: string;
  /** As people read it: HCM7-4QPD. */
  code: string;
  /** The invitation link's path (/user/provider/connect?code=…). */
  connectPath: string;
}

export async function seedDemoClinicInvitations(tx: Db, now: Date): Promise<void> {
  const [clinic] = await tx
    .insert(clinics)
    .values({
      clinicNumber: DEMO_SECOND_CLINIC_NUMBER,
      name: DEMO_SECOND_CLINIC_NAME,
      backgroundColor: DEFAULT_BRAND_BACKGROUND,
    })
    .returning({ id: clinics.id });
  if (!clinic) {
    throw new Error('Demo data: the second clinic is missing');
  }
  await tx.insert(departments).values({
    clinicId: clinic.id,
    name: 'Hillcrest Downtown',
    timezone: 'America/New_York',
    address: '88 Asylum Street, Hartford, CT 06103',
    city: 'Hartford',
    state: 'CT',
    // Nobody books there yet: the clinic exists to be connected to.
    isScheduling: false,
  });
  await tx
    .insert(clinicInvitations)
    .values({ code: DEMO_INVITATION_CODE, clinicId: clinic.id, createdAt: now });
}

/**
 * The demo invitation while it still opens its clinic, for the start-up lines: it is seeded without an
 * expiry, so only a revoke (the clinic's invitation API) ends it.
 */
export async function readDemoInvitation(db: Db): Promise<DemoInvitation | null> {
  const [row] = await db
    .select({ clinicName: clinics.name })
    .from(clinicInvitations)
    .innerJoin(clinics, eq(clinics.id, clinicInvitations.clinicId))
    .where(
      and(
        eq(clinicInvitations.code, DEMO_INVITATION_CODE),
        isNull(clinicInvitations.revokedAt),
        isNull(clinicInvitations.expiresAt),
      ),
    );
  return row
    ? {
        clinicName: row.clinicName,
        code: formatInvitationCode(DEMO_INVITATION_CODE),
        connectPath: invitationConnectPath(DEMO_INVITATION_CODE),
      }
    : null;
}
