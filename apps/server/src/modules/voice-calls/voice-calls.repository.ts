import { and, desc, eq, exists, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, providers } from '../../db/schema/clinics.ts';
import { patientDemographics } from '../../db/schema/demographics.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { videoRooms } from '../../db/schema/video.ts';
import { voiceCalls, type VoiceCallStatus } from '../../db/schema/voice-calls.ts';

export type VoiceCallRow = typeof voiceCalls.$inferSelect;
const ACTIVE: VoiceCallStatus[] = ['dialing', 'in-progress'];

/** The permissions the user holds as a provider of this very clinic. */
export async function clinicPermissionsOf(db: Db, userId: string, clinicId: string): Promise<string[]> {
  const [row] = await db
    .select({ permissions: providers.permissions })
    .from(providers)
    .where(and(eq(providers.userId, userId), eq(providers.clinicId, clinicId)));
  return row?.permissions ?? [];
}

const patientColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  mobilePhone: users.mobilePhone,
  homePhone: patientDemographics.homePhone,
};
export type CallablePatient = {
  id: string;
  firstName: string;
  lastName: string;
  mobilePhone: string | null;
  homePhone: string | null;
};

/**
 * A patient of the clinic: registered there, or with an appointment there (a patient booked by the
 * health record may have no registration row). Another clinic's patient is not found.
 */
export async function findClinicPatient(
  db: Db,
  clinicId: string,
  patientId: string,
): Promise<CallablePatient | null> {
  const [row] = await db
    .select(patientColumns)
    .from(users)
    .leftJoin(patientDemographics, eq(patientDemographics.userId, users.id))
    .where(
      and(
        eq(users.id, patientId),
        eq(users.memberType, 'patient'),
        ne(users.status, 'inactive'),
        or(
          exists(
            db
              .select({ one: clinicPatients.userId })
              .from(clinicPatients)
              .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.userId, users.id))),
          ),
          exists(
            db
              .select({ one: appointments.id })
              .from(appointments)
              .where(and(eq(appointments.clinicId, clinicId), eq(appointments.patientUserId, users.id))),
          ),
        ),
      ),
    );
  return row ?? null;
}

/** An appointment of the clinic with its patient and whether its video room has ended. */
export async function findClinicVisit(db: Db, clinicId: string, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      roomEndedAt: videoRooms.endedAt,
      patient: patientColumns,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientUserId))
    .leftJoin(patientDemographics, eq(patientDemographics.userId, users.id))
    .leftJoin(videoRooms, eq(videoRooms.appointmentId, appointments.id))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.clinicId, clinicId)));
  return row ?? null;
}

export async function insertCall(db: Db, values: typeof voiceCalls.$inferInsert): Promise<VoiceCallRow> {
  const [row] = await db.insert(voiceCalls).values(values).returning();
  if (!row) {
    throw new Error('voice call was not stored');
  }
  return row;
}

export async function updateCall(
  db: Db,
  id: string,
  values: Partial<typeof voiceCalls.$inferInsert>,
): Promise<VoiceCallRow | null> {
  const [row] = await db.update(voiceCalls).set(values).where(eq(voiceCalls.id, id)).returning();
  return row ?? null;
}

/** Ends the call if it is still active; null when it had already ended (or never existed). */
export async function endActiveCall(
  db: Db,
  id: string,
  values: { endedAt: Date; endedByUserId: string; endedReason: string },
): Promise<VoiceCallRow | null> {
  const [row] = await db
    .update(voiceCalls)
    .set({ status: 'ended', ...values })
    .where(and(eq(voiceCalls.id, id), inArray(voiceCalls.status, ACTIVE)))
    .returning();
  return row ?? null;
}

/** spec 3 §2: the visit's video call ended, so every active voice call of the visit ends. */
export async function endActiveCallsOfVisit(
  db: Db,
  appointmentId: string,
  values: { endedAt: Date; endedByUserId: string | null },
): Promise<VoiceCallRow[]> {
  return db
    .update(voiceCalls)
    .set({ status: 'ended', endedReason: 'video-ended', ...values })
    .where(and(eq(voiceCalls.appointmentId, appointmentId), inArray(voiceCalls.status, ACTIVE)))
    .returning();
}

export async function findCall(db: Db, clinicId: string, id: string): Promise<VoiceCallRow | null> {
  const [row] = await db
    .select()
    .from(voiceCalls)
    .where(and(eq(voiceCalls.id, id), eq(voiceCalls.clinicId, clinicId)));
  return row ?? null;
}

export async function findActiveCallTo(
  db: Db,
  clinicId: string,
  patientUserId: string,
  placedByUserId: string,
): Promise<VoiceCallRow | null> {
  const [row] = await db
    .select()
    .from(voiceCalls)
    .where(
      and(
        eq(voiceCalls.clinicId, clinicId),
        eq(voiceCalls.patientUserId, patientUserId),
        eq(voiceCalls.placedByUserId, placedByUserId),
        inArray(voiceCalls.status, ACTIVE),
      ),
    )
    .limit(1);
  return row ?? null;
}

export const VOICE_CALL_LIST_LIMIT = 50;

/** The newest calls of a visit or of a patient in the clinic, with the patient's name. */
export async function listCalls(
  db: Db,
  clinicId: string,
  filter: { appointmentId: string } | { patientId: string },
) {
  return db
    .select({ call: voiceCalls, firstName: users.firstName, lastName: users.lastName })
    .from(voiceCalls)
    .innerJoin(users, eq(users.id, voiceCalls.patientUserId))
    .where(
      and(
        eq(voiceCalls.clinicId, clinicId),
        'appointmentId' in filter
          ? eq(voiceCalls.appointmentId, filter.appointmentId)
          : eq(voiceCalls.patientUserId, filter.patientId),
      ),
    )
    .orderBy(desc(voiceCalls.startedAt), desc(voiceCalls.id))
    .limit(VOICE_CALL_LIST_LIMIT);
}

export async function patientNameOf(
  db: Db,
  userId: string,
): Promise<{ firstName: string; lastName: string } | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
