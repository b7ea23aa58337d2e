import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { checkIns } from '../db/schema/check-in.ts';
import { clinicPatients, consultationTypes, departments, providers } from '../db/schema/clinics.ts';
import { walkIns } from '../db/schema/provider-visits.ts';
import { appointments, providerConsultationTypes } from '../db/schema/scheduling.ts';

// Issue 6 (decision 0024): dr.smith opens a schedule for today that is not empty, and a DriveUp queue
// with someone outside, someone expected and two walk-ins in line; the telehealth room has one visit.
// Times are early in the day (07:00-07:45 local), before any demo working hours, so nothing another
// seed or a booking test places on dr.smith's grid can clash with them.

const PROVIDER = 'dr.smith';
const OFFICE_TYPE = 'Follow-up';
const VIDEO_TYPE = 'Telehealth visit';
const DAY_PATIENTS = [
  { memberId: 'DAY-0001', firstName: 'Maria', lastName: 'Garcia', birthdate: '1984-02-11' },
  { memberId: 'DAY-0002', firstName: 'Tom', lastName: 'Becker', birthdate: '1957-07-23' },
  { memberId: 'DAY-0003', firstName: 'Ruth', lastName: 'Ellis', birthdate: '1972-12-05' },
];

async function offerOf(tx: Db, providerId: string, typeName: string) {
  const [row] = await tx
    .select({
      departmentId: departments.id,
      timezone: departments.timezone,
      consultationTypeId: consultationTypes.id,
      minutes: consultationTypes.durationMinutes,
    })
    .from(providerConsultationTypes)
    .innerJoin(departments, eq(departments.id, providerConsultationTypes.departmentId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, providerConsultationTypes.consultationTypeId))
    .where(and(eq(providerConsultationTypes.providerId, providerId), eq(consultationTypes.name, typeName)))
    .orderBy(departments.name)
    .limit(1);
  if (!row) {
    throw new Error(`Demo provider day: ${PROVIDER} does not offer ${typeName}`);
  }
  return row;
}

export async function seedDemoProviderDay(tx: Db, now: Date): Promise<void> {
  const [provider] = await tx
    .select({ id: providers.id, clinicId: providers.clinicId })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(users.username, PROVIDER));
  if (!provider) {
    throw new Error(`Demo provider day: ${PROVIDER} is missing`);
  }
  // Patients of the day without logins, so the demo logins' own lists stay as other issues describe them.
  const [maria, tom, ruth] = await tx
    .insert(users)
    .values(
      DAY_PATIENTS.map((patient) => ({
        ...patient,
        memberType: 'patient' as const,
        email: `${patient.firstName.toLowerCase()}.${patient.lastName.toLowerCase()}@example.com`,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: users.id });
  if (!maria || !tom || !ruth) {
    throw new Error('Demo provider day: patients were not created');
  }
  const office = await offerOf(tx, provider.id, OFFICE_TYPE);
  // dr.smith's telehealth visit is held from his own department (he offers no telehealth booking).
  const [videoType] = await tx
    .select({ id: consultationTypes.id, minutes: consultationTypes.durationMinutes })
    .from(consultationTypes)
    .where(and(eq(consultationTypes.clinicId, provider.clinicId), eq(consultationTypes.name, VIDEO_TYPE)));
  if (!videoType) {
    throw new Error(`Demo provider day: ${VIDEO_TYPE} is missing`);
  }
  const video = { ...office, consultationTypeId: videoType.id, minutes: videoType.minutes };
  const at = (zone: string, hour: number, minute: number) =>
    DateTime.fromJSDate(now, { zone }).startOf('day').set({ hour, minute });
  const visit = (
    patientUserId: string,
    offer: Awaited<ReturnType<typeof offerOf>>,
    start: DateTime,
    type: 'office' | 'video_call',
  ) => ({
    clinicId: provider.clinicId,
    patientUserId,
    providerId: provider.id,
    departmentId: offer.departmentId,
    consultationTypeId: offer.consultationTypeId,
    startAt: start.toJSDate(),
    finishAt: start.plus({ minutes: offer.minutes }).toJSDate(),
    type,
    status: 'booked' as const,
    bookedByUserId: patientUserId,
    createdAt: now,
  });
  await tx
    .insert(clinicPatients)
    .values(
      [maria, tom, ruth].map((patient) => ({
        clinicId: provider.clinicId,
        userId: patient.id,
        registeredAt: now,
      })),
    )
    .onConflictDoNothing();
  const [outside, expected] = await tx
    .insert(appointments)
    .values([
      visit(maria.id, office, at(office.timezone, 7, 0), 'office'),
      visit(tom.id, office, at(office.timezone, 7, 15), 'office'),
      visit(ruth.id, video, at(video.timezone, 7, 45), 'video_call'),
    ])
    .returning({ id: appointments.id });
  if (!outside || !expected) {
    throw new Error('Demo provider day: appointments were not created');
  }
  // Maria used her 'outside' link (the quick-link path writes check_ins.outside_at).
  await tx.insert(checkIns).values({ appointmentId: outside.id, outsideAt: now });
  await tx.insert(walkIns).values([
    {
      clinicId: provider.clinicId,
      departmentId: office.departmentId,
      firstName: 'Walter',
      lastName: 'Inman',
      birthdate: '1961-04-12',
      eta: DateTime.fromJSDate(now).plus({ minutes: 10 }).toJSDate(),
      createdAt: now,
    },
    {
      clinicId: provider.clinicId,
      departmentId: office.departmentId,
      firstName: 'Wendy',
      lastName: 'Lane',
      birthdate: '1990-09-30',
      eta: DateTime.fromJSDate(now).plus({ minutes: 25 }).toJSDate(),
      createdAt: now,
    },
  ]);
}
