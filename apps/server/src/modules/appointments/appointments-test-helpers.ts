import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
  providerSchedules,
} from '../../db/schema/clinics.ts';
import { appointments, providerConsultationTypes } from '../../db/schema/scheduling.ts';
import { createTestUser } from '../../test/create-test-user.ts';

export interface SchedulingWorld {
  clinicId: string;
  departmentId: string;
  timezone: string;
  /** Office visit, waitlist allowed, may be converted to telehealth. */
  officeTypeId: string;
  /** Office visit without waitlist or conversion. */
  plainTypeId: string;
  videoTypeId: string;
  provider: { userId: string; providerId: string; username: string };
}

/**
 * A clinic of one's own for a test: a provider who works every day 08:00-18:00 (New York) in one
 * department and offers three consultation types of 30 minutes; the waitlist module is on.
 */
export async function createSchedulingWorld(db: Db): Promise<SchedulingWorld> {
  const doctor = await createTestUser(db, { memberType: 'doctor', permissions: ['APPOINTMENTS', 'PATIENT'] });
  const [provider] = await db
    .select({ id: providers.id, clinicId: providers.clinicId })
    .from(providers)
    .where(eq(providers.userId, doctor.id));
  if (!provider) {
    throw new Error('test provider was not created');
  }
  const clinicId = provider.clinicId;
  await db
    .update(clinics)
    .set({ modules: ['waitlist'] })
    .where(eq(clinics.id, clinicId));
  const timezone = 'America/New_York';
  const [department] = await db
    .insert(departments)
    .values({
      clinicId,
      name: 'Test Main Clinic',
      timezone,
      address: '1 Main Street; Suite 2, Albany',
      city: 'Albany',
      state: 'NY',
    })
    .returning({ id: departments.id });
  if (!department) {
    throw new Error('test department was not created');
  }
  const types = await db
    .insert(consultationTypes)
    .values([
      {
        clinicId,
        name: 'Office visit',
        durationMinutes: 30,
        allowWaitlist: true,
        isConvertRequired: true,
        commentLength: 40,
      },
      { clinicId, name: 'Plain visit', durationMinutes: 30, allowWaitlist: false, isCommentRequired: true },
      { clinicId, name: 'Video visit', durationMinutes: 30, isTelehealth: true, allowWaitlist: true },
    ])
    .returning({ id: consultationTypes.id, name: consultationTypes.name });
  const typeId = (name: string) => {
    const found = types.find((type) => type.name === name);
    if (!found) {
      throw new Error(`${name} was not created`);
    }
    return found.id;
  };
  await db.insert(providerSchedules).values(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      providerId: provider.id,
      departmentId: department.id,
      weekday,
      startTime: '08:00:00',
      endTime: '18:00:00',
    })),
  );
  await db.insert(providerConsultationTypes).values(
    types.map((type) => ({
      providerId: provider.id,
      departmentId: department.id,
      consultationTypeId: type.id,
    })),
  );
  return {
    clinicId,
    departmentId: department.id,
    timezone,
    officeTypeId: typeId('Office visit'),
    plainTypeId: typeId('Plain visit'),
    videoTypeId: typeId('Video visit'),
    provider: { userId: doctor.id, providerId: provider.id, username: doctor.username },
  };
}

export async function createClinicPatient(
  db: Db,
  clinicId: string,
  options: { source?: string; mobilePhone?: string | null } = {},
) {
  const patient = await createTestUser(db, {
    memberType: 'patient',
    mobilePhone: options.mobilePhone === undefined ? '+12125550199' : options.mobilePhone,
  });
  await db
    .insert(clinicPatients)
    .values({ clinicId, userId: patient.id, source: options.source ?? 'portal' });
  return patient;
}

export interface AppointmentSeed {
  patientUserId: string;
  startAt: Date;
  minutes?: number;
  consultationTypeId?: string;
  type?: 'office' | 'video_call';
  status?: 'booked' | 'confirmed' | 'cancelled' | 'completed';
  comment?: string | null;
}

/** Writes an appointment directly (the create call has its own tests). */
export async function insertAppointment(db: Db, world: SchedulingWorld, seed: AppointmentSeed) {
  const [row] = await db
    .insert(appointments)
    .values({
      clinicId: world.clinicId,
      patientUserId: seed.patientUserId,
      providerId: world.provider.providerId,
      departmentId: world.departmentId,
      consultationTypeId: seed.consultationTypeId ?? world.officeTypeId,
      startAt: seed.startAt,
      finishAt: new Date(seed.startAt.getTime() + (seed.minutes ?? 30) * 60_000),
      type: seed.type ?? 'office',
      status: seed.status ?? 'booked',
      comment: seed.comment ?? null,
      bookedByUserId: seed.patientUserId,
    })
    .returning();
  if (!row) {
    throw new Error('test appointment was not created');
  }
  return row;
}
