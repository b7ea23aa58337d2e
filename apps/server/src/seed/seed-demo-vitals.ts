import { and, eq } from 'drizzle-orm';
import { bmiOf, type VitalKey } from '@app/contracts/vitals';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { clinics } from '../db/schema/clinics.ts';
import { carePlanGoals, carePlans, monitoringDevices, vitalValues } from '../db/schema/vitals.ts';

// Issue 6 item 9: four weeks of home readings for jane, a care plan with goals from dr.smith and a
// connected blood-pressure monitor, so /user/vital/group and the provider's health tab are filled in.
// Values follow smooth curves (no randomness: the same seed gives the same charts); a few pulse and
// pain readings leave the goals, so the Intellimap has alerts.

export const DEMO_VITAL_DAYS = 28;
export const DEMO_CARE_PLAN_TITLE = 'Blood pressure and weight';

const DAY_MS = 24 * 60 * 60_000;

function demoReadings(day: number): [VitalKey, number][] {
  const wave = Math.sin(day / 3);
  const weight = Math.round((156 - day * 0.15 + wave) * 10) / 10;
  const readings: [VitalKey, number][] = [
    ['pulse', day === 9 || day === 20 ? 112 : Math.round(74 + 6 * wave)],
    ['systolic_bp', Math.round(132 - day * 0.3 + 4 * wave)],
    ['diastolic_bp', Math.round(84 - day * 0.15 + 3 * wave)],
    ['weight', weight],
    ['pain', Math.max(0, Math.min(10, Math.round(4 + 3 * Math.sin(day / 2))))],
    ['steps', Math.round(6000 + 2500 * Math.cos(day / 4))],
    ['blood_sugar', Math.round(108 + 14 * wave)],
    ['temperature', Math.round((98.4 + 0.3 * wave) * 10) / 10],
    ['oxygen_saturation', Math.round(97 + wave)],
  ];
  const bmi = bmiOf(weight, 65);
  return bmi === null ? readings : [...readings, ['bmi', bmi]];
}

export async function seedDemoVitals(
  tx: Db,
  clinicName: string,
  patientUsername: string,
  providerUsername: string,
  now: Date,
): Promise<void> {
  const [clinic] = await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.name, clinicName));
  const [patient] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, patientUsername), eq(users.memberType, 'patient')));
  const [provider] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, providerUsername), eq(users.memberType, 'doctor')));
  if (!clinic || !patient || !provider) {
    throw new Error(`Demo vitals: ${clinicName}, ${patientUsername} or ${providerUsername} is missing`);
  }
  const rows: (typeof vitalValues.$inferInsert)[] = [];
  const start = now.getTime() - DEMO_VITAL_DAYS * DAY_MS;
  rows.push({
    userId: patient.id,
    key: 'height',
    value: 65,
    recordedByUserId: patient.id,
    recordedAt: new Date(start),
    createdAt: new Date(start),
  });
  // Every other day, at 8:00 the morning of that day (server time).
  for (let day = 0; day < DEMO_VITAL_DAYS; day += 2) {
    const recordedAt = new Date(start + day * DAY_MS + 60 * 60_000);
    for (const [key, value] of demoReadings(day)) {
      rows.push({
        userId: patient.id,
        key,
        value,
        recordedByUserId: patient.id,
        recordedAt,
        createdAt: recordedAt,
      });
    }
  }
  await tx.insert(vitalValues).values(rows);

  const [plan] = await tx
    .insert(carePlans)
    .values({
      userId: patient.id,
      clinicId: clinic.id,
      title: DEMO_CARE_PLAN_TITLE,
      notes: 'Measure blood pressure and pulse every morning before breakfast.',
      createdByUserId: provider.id,
      createdAt: new Date(start),
      updatedAt: new Date(start),
    })
    .returning({ id: carePlans.id });
  if (!plan) {
    throw new Error('Demo care plan was not created');
  }
  const inWeeks = (weeks: number) => new Date(now.getTime() + weeks * 7 * DAY_MS).toISOString().slice(0, 10);
  await tx.insert(carePlanGoals).values([
    { carePlanId: plan.id, key: 'pulse', targetMin: 50, targetMax: 100, dueDate: inWeeks(4), position: 0 },
    {
      carePlanId: plan.id,
      key: 'systolic_bp',
      targetMin: null,
      targetMax: 130,
      dueDate: inWeeks(6),
      position: 1,
    },
    {
      carePlanId: plan.id,
      key: 'weight',
      targetMin: null,
      targetMax: 145,
      dueDate: inWeeks(12),
      position: 2,
    },
    { carePlanId: plan.id, key: 'pain', targetMin: null, targetMax: 5, dueDate: inWeeks(2), position: 3 },
  ]);
  await tx.insert(monitoringDevices).values({
    userId: patient.id,
    clinicId: clinic.id,
    kind: 'blood_pressure_monitor',
    status: 'connected',
    serialNumber: 'BP-DEMO-0001',
    requestedByUserId: provider.id,
    requestedAt: new Date(start),
  });
}
