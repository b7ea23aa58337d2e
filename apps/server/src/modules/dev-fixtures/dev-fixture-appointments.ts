import { and, asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { fixtureAppointmentResponseSchema, fixtureAppointmentSchema } from '@app/contracts/dev-fixtures';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
} from '../../db/schema/clinics.ts';
import { appointments, providerConsultationTypes } from '../../db/schema/scheduling.ts';
import { exclusionViolation } from '../../platform/db-errors.ts';
import { HttpError } from '../../platform/http-error.ts';
import { isoInZone } from '../appointments/appointment-read-model.ts';
import { findFreeSlots } from '../scheduling/availability.service.ts';

type FixtureAppointment = z.output<typeof fixtureAppointmentSchema>;
type FixtureAppointmentResponse = z.output<typeof fixtureAppointmentResponseSchema>;

const SEARCH_DAYS = 21;

function badRequest(message: string): HttpError {
  return new HttpError(400, message, { code: 'bad_fixture' });
}

/**
 * Writes an appointment for a patient directly, without holds or booking rules (a past visit is
 * allowed); the no-overlap constraint still applies. The patient is registered at the clinic.
 */
export async function createFixtureAppointment(
  db: Db,
  input: FixtureAppointment,
  now: Date,
): Promise<FixtureAppointmentResponse> {
  const [offer] = await db
    .select({
      clinicId: clinics.id,
      providerId: providers.id,
      departmentId: departments.id,
      timezone: departments.timezone,
      consultationTypeId: consultationTypes.id,
      durationMinutes: consultationTypes.durationMinutes,
      isTelehealth: consultationTypes.isTelehealth,
    })
    .from(providerConsultationTypes)
    .innerJoin(providers, eq(providers.id, providerConsultationTypes.providerId))
    .innerJoin(users, eq(users.id, providers.userId))
    .innerJoin(clinics, eq(clinics.id, providers.clinicId))
    .innerJoin(departments, eq(departments.id, providerConsultationTypes.departmentId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, providerConsultationTypes.consultationTypeId))
    .where(
      and(
        eq(clinics.clinicNumber, input.clinicNumber),
        eq(users.username, input.providerUsername),
        eq(consultationTypes.name, input.consultationTypeName),
        input.departmentName ? eq(departments.name, input.departmentName) : undefined,
      ),
    )
    .orderBy(asc(departments.name))
    .limit(1);
  if (!offer) {
    throw badRequest('That provider does not offer that consultation type (there) in that clinic.');
  }
  const [patient] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.memberType, 'patient')));
  if (!patient) {
    throw badRequest('Unknown patient.');
  }
  let startAt: Date;
  if (input.startAt) {
    startAt = new Date(input.startAt);
  } else {
    const from = DateTime.fromJSDate(now, { zone: offer.timezone }).plus({ days: input.daysAhead });
    const [first] = await findFreeSlots(db, {
      clinicId: offer.clinicId,
      providerId: offer.providerId,
      departmentId: offer.departmentId,
      consultationTypeId: offer.consultationTypeId,
      fromDate: from.toISODate() ?? '',
      toDate: from.plus({ days: SEARCH_DAYS }).toISODate() ?? '',
      patientUserId: null,
      now,
      ignoreBookingWindow: true,
      allowInternal: true,
      limit: 1,
    });
    if (!first) {
      throw new HttpError(409, 'No free slot in the next three weeks.', { code: 'no_free_slot' });
    }
    startAt = new Date(first.startAt);
  }
  const finishAt = new Date(startAt.getTime() + offer.durationMinutes * 60_000);
  try {
    return await db.transaction(async (tx) => {
      await tx
        .insert(clinicPatients)
        .values({ clinicId: offer.clinicId, userId: patient.id, registeredAt: now })
        .onConflictDoNothing();
      const [row] = await tx
        .insert(appointments)
        .values({
          clinicId: offer.clinicId,
          patientUserId: patient.id,
          providerId: offer.providerId,
          departmentId: offer.departmentId,
          consultationTypeId: offer.consultationTypeId,
          startAt,
          finishAt,
          type: offer.isTelehealth ? 'video_call' : 'office',
          status: input.status,
          comment: input.comment ?? null,
          bookedByUserId: patient.id,
          createdAt: now,
        })
        .returning({ id: appointments.id, publicId: appointments.publicId });
      if (!row) {
        throw new Error('fixture appointment was not created');
      }
      return {
        id: row.id,
        uuid: row.publicId,
        clinicUuid: offer.clinicId,
        providerId: offer.providerId,
        departmentUuid: offer.departmentId,
        consultationTypeId: offer.consultationTypeId,
        startAt: isoInZone(startAt, offer.timezone),
        finishAt: isoInZone(finishAt, offer.timezone),
      };
    });
  } catch (error) {
    if (exclusionViolation(error)) {
      throw new HttpError(409, 'The provider already has an appointment at that time.', {
        code: 'slot_taken',
      });
    }
    throw error;
  }
}
