import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
  providerSchedules,
} from '../../db/schema/clinics.ts';
import { providerConsultationTypes } from '../../db/schema/scheduling.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { TEST_PASSWORD } from '../../test/create-test-user.ts';

// Test data of one's own for the scheduling tests: a clinic with one New York department, a
// provider working every day 09:00-12:00 and 13:00-17:00, two consultation types, patients.

let clinicNumber = 70_000 + Math.floor(Math.random() * 20_000);
let passwordHash: string | null = null;

export interface SchedulingWorld {
  clinicId: string;
  departmentId: string;
  /** A second department closed for patient scheduling (spec 2 §6). */
  hiddenDepartmentId: string;
  providerId: string;
  providerUser: { id: string; username: string };
  /** 30-minute office type. */
  typeId: string;
  /** 20-minute internal type (care manager only). */
  internalTypeId: string;
  patient: { id: string; username: string };
}

async function hash(): Promise<string> {
  passwordHash ??= await hashSecret(TEST_PASSWORD);
  return passwordHash;
}

export async function createUser(db: Db, memberType: 'patient' | 'doctor') {
  const suffix = randomBytes(4).toString('hex');
  const username = `${memberType}.${suffix}`;
  const [user] = await db
    .insert(users)
    .values({
      memberId: `S-${suffix}`,
      username,
      passwordHash: await hash(),
      memberType,
      firstName: memberType === 'doctor' ? 'Dana' : 'Pat',
      lastName: `Tester ${suffix}`,
      email: `${username}@example.com`,
      birthdate: '1990-06-15',
    })
    .returning({ id: users.id });
  if (!user) {
    throw new Error('user not created');
  }
  return { id: user.id, username };
}

export async function createPatient(db: Db, clinicId: string) {
  const patient = await createUser(db, 'patient');
  await db.insert(clinicPatients).values({ clinicId, userId: patient.id });
  return patient;
}

export async function createProvider(
  db: Db,
  world: Pick<
    SchedulingWorld,
    'clinicId' | 'departmentId' | 'hiddenDepartmentId' | 'typeId' | 'internalTypeId'
  >,
  options: { scheduling?: boolean; bookingCloseDate?: string | null; bookingOpenDate?: string | null } = {},
) {
  const user = await createUser(db, 'doctor');
  const [provider] = await db
    .insert(providers)
    .values({
      userId: user.id,
      clinicId: world.clinicId,
      title: 'MD',
      specialty: 'Family medicine',
      scheduling: options.scheduling ?? true,
      permissions: ['APPOINTMENTS', 'PATIENT'],
    })
    .returning({ id: providers.id });
  if (!provider) {
    throw new Error('provider not created');
  }
  const weekdays = [1, 2, 3, 4, 5, 6, 7];
  await db.insert(providerSchedules).values(
    weekdays.flatMap((weekday) => [
      {
        providerId: provider.id,
        departmentId: world.departmentId,
        weekday,
        startTime: '09:00',
        endTime: '12:00',
      },
      {
        providerId: provider.id,
        departmentId: world.departmentId,
        weekday,
        startTime: '13:00',
        endTime: '17:00',
      },
      {
        providerId: provider.id,
        departmentId: world.hiddenDepartmentId,
        weekday,
        startTime: '18:00',
        endTime: '19:00',
      },
    ]),
  );
  await db.insert(providerConsultationTypes).values([
    {
      providerId: provider.id,
      departmentId: world.departmentId,
      consultationTypeId: world.typeId,
      bookingOpenDate: options.bookingOpenDate ?? null,
      bookingCloseDate: options.bookingCloseDate ?? null,
    },
    { providerId: provider.id, departmentId: world.departmentId, consultationTypeId: world.internalTypeId },
    { providerId: provider.id, departmentId: world.hiddenDepartmentId, consultationTypeId: world.typeId },
  ]);
  return { providerId: provider.id, user };
}

export async function createSchedulingWorld(db: Db): Promise<SchedulingWorld> {
  const [clinic] = await db
    .insert(clinics)
    .values({
      clinicNumber: clinicNumber++,
      name: `Scheduling clinic ${randomBytes(3).toString('hex')}`,
      modules: ['waitlist', 'recurring-visit'],
    })
    .returning({ id: clinics.id });
  if (!clinic) {
    throw new Error('clinic not created');
  }
  const clinicId = clinic.id;
  const [department, hidden] = await db
    .insert(departments)
    .values([
      {
        clinicId,
        name: 'Harbor Clinic',
        timezone: 'America/New_York',
        address: '1 Harbor St',
        city: 'Albany',
        state: 'NY',
      },
      {
        clinicId,
        name: 'Back Office',
        timezone: 'America/New_York',
        state: 'NY',
        isScheduling: false,
      },
    ])
    .returning({ id: departments.id });
  const [type, internal] = await db
    .insert(consultationTypes)
    .values([
      { clinicId, name: 'Consultation', durationMinutes: 30, allowWaitlist: true },
      { clinicId, name: 'Internal review', durationMinutes: 20, isInternal: true },
    ])
    .returning({ id: consultationTypes.id });
  if (!department || !hidden || !type || !internal) {
    throw new Error('world not created');
  }
  const base = {
    clinicId,
    departmentId: department.id,
    hiddenDepartmentId: hidden.id,
    typeId: type.id,
    internalTypeId: internal.id,
  };
  const provider = await createProvider(db, base);
  const patient = await createPatient(db, clinicId);
  return { ...base, providerId: provider.providerId, providerUser: provider.user, patient };
}
