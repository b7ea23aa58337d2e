import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { clinics } from '../db/schema/clinics.ts';
import { flows, followUpAlerts, newsItems, patientNavigation } from '../db/schema/clinic-admin.ts';
import { verifySecret } from '../platform/passwords.ts';
import { sealSecret } from '../platform/secret-box.ts';
import { masterPasswordKey } from '../modules/clinics/master-password.ts';

// Issue 6 item 8 demo data (decision 0027): the demo clinic's news, a few worklist flows, remote
// monitoring alerts for the Follow Up List and patients on the Tracker, so dr.smith sees each screen
// filled in. Runs inside the seed's transaction.

const DAY = 24 * 60 * 60_000;

export async function seedDemoWorkspaceAdmin(
  tx: Db,
  input: { clinicId: string; doctorUsername: string; now: Date },
): Promise<void> {
  const { clinicId, now } = input;
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(users.username, [input.doctorUsername, 'jane.patient', 'olive.balance', 'john.twofactor']),
    );
  const idOf = (username: string): string => {
    const found = people.find((person) => person.username === username);
    if (!found) {
      throw new Error(`Demo data: ${username} is missing`);
    }
    return found.id;
  };
  await tx.insert(newsItems).values([
    {
      clinicId,
      title: 'Flu shots are in',
      body: 'Seasonal flu vaccines are available at Riverside Main Clinic on weekdays from 9 to 4. No appointment needed.',
      publishedAt: new Date(now.getTime() - 1 * DAY),
    },
    {
      clinicId,
      title: 'Lakeside Clinic opens on Fridays',
      body: 'From this month the Lakeside Clinic in Evanston sees patients on Friday mornings too.',
      publishedAt: new Date(now.getTime() - 4 * DAY),
    },
    {
      clinicId,
      title: 'New telehealth waiting room',
      body: 'Patients now wait in the telehealth waiting room before a video visit; you can invite them in from there.',
      publishedAt: new Date(now.getTime() - 9 * DAY),
    },
  ]);
  const doctor = idOf(input.doctorUsername);
  await tx.insert(flows).values([
    {
      clinicId,
      patientUserId: idOf('jane.patient'),
      title: 'Review blood pressure log',
      description: 'Jane sent two weeks of home readings; check them before her next visit.',
      dueDate: new Date(now.getTime() + 2 * DAY).toISOString().slice(0, 10),
      createdByUserId: doctor,
      createdAt: new Date(now.getTime() - 2 * DAY),
    },
    {
      clinicId,
      patientUserId: null,
      title: 'Restock vaccine fridge',
      description: 'Order flu vaccines for next week.',
      dueDate: null,
      createdByUserId: doctor,
      createdAt: new Date(now.getTime() - 1 * DAY),
    },
  ]);
  await tx.insert(followUpAlerts).values([
    {
      clinicId,
      patientUserId: idOf('jane.patient'),
      message: 'Systolic blood pressure 162 mmHg, above the 140 mmHg goal.',
      severity: 'critical',
      createdAt: new Date(now.getTime() - 3 * 60 * 60_000),
    },
    {
      clinicId,
      patientUserId: idOf('olive.balance'),
      message: 'Blood sugar 190 mg/dL before a meal.',
      severity: 'warning',
      createdAt: new Date(now.getTime() - 1 * DAY),
    },
    {
      clinicId,
      patientUserId: idOf('john.twofactor'),
      message: 'No weight reading for 7 days.',
      severity: 'info',
      createdAt: new Date(now.getTime() - 2 * DAY),
      seenAt: new Date(now.getTime() - 1 * DAY),
      seenByUserId: doctor,
    },
  ]);
  await tx.insert(patientNavigation).values([
    {
      clinicId,
      patientUserId: idOf('jane.patient'),
      stage: 'treatment',
      note: 'Hypertension plan started',
      updatedAt: now,
    },
    {
      clinicId,
      patientUserId: idOf('olive.balance'),
      stage: 'diagnostics',
      note: 'A1c lab ordered',
      updatedAt: now,
    },
    { clinicId, patientUserId: idOf('john.twofactor'), stage: 'referral', note: '', updatedAt: now },
  ]);
}

/**
 * Decision 0027: the master password panel shows the demo password. The seed runs without the app's
 * server secret, so the server seals it at start-up — only while the clinic still has the seeded
 * password (its hash matches) and nothing sealed yet.
 */
export async function sealDemoMasterPassword(
  db: Db,
  serverSecret: Uint8Array,
  clinicNumber: number,
  password: string,
): Promise<void> {
  const [clinic] = await db
    .select({ id: clinics.id, hash: clinics.masterPasswordHash })
    .from(clinics)
    .where(and(eq(clinics.clinicNumber, clinicNumber), isNull(clinics.masterPasswordEncrypted)));
  if (!clinic?.hash || !(await verifySecret(password, clinic.hash))) {
    return;
  }
  await db
    .update(clinics)
    .set({ masterPasswordEncrypted: sealSecret(masterPasswordKey(serverSecret), password) })
    .where(and(eq(clinics.id, clinic.id), isNull(clinics.masterPasswordEncrypted)));
}
