import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema/check-in.ts';
import { followUpAlerts } from '../../db/schema/clinic-admin.ts';
import { messageThreadParticipants } from '../../db/schema/messaging.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { voiceCalls } from '../../db/schema/voice-calls.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Lookup = (db: Db, id: string) => Promise<string[]>;

const appointmentPatient: Lookup = async (db, id) =>
  (
    await db.select({ patient: appointments.patientUserId }).from(appointments).where(eq(appointments.id, id))
  ).map((row) => row.patient);

/**
 * The record a route parameter names, and how to find its patient: a change of a visit, a thread, a
 * task, a call or an alert names its patient only through that record (decision 0066). Read before
 * the handler, so the change's events can join its transaction with the patient known.
 */
const LOOKUPS: Record<string, Lookup> = {
  appointmentId: appointmentPatient,
  threadId: async (db, id) =>
    (
      await db
        .select({ patient: messageThreadParticipants.userId })
        .from(messageThreadParticipants)
        .where(and(eq(messageThreadParticipants.threadId, id), eq(messageThreadParticipants.kind, 'patient')))
    ).map((row) => row.patient),
  taskId: async (db, id) =>
    (await db.select({ patient: tasks.userId }).from(tasks).where(eq(tasks.id, id))).map(
      (row) => row.patient,
    ),
  callId: async (db, id) =>
    (
      await db.select({ patient: voiceCalls.patientUserId }).from(voiceCalls).where(eq(voiceCalls.id, id))
    ).map((row) => row.patient),
  alertId: async (db, id) =>
    (
      await db
        .select({ patient: followUpAlerts.patientUserId })
        .from(followUpAlerts)
        .where(eq(followUpAlerts.id, id))
    ).map((row) => row.patient),
};

/**
 * The patients of the record a change route's parameters name (an appointment's `:id` on the
 * appointment paths counts as `appointmentId`); empty when no parameter names one, or it names
 * nothing that exists (the handler then answers 404 and nothing is recorded).
 */
export async function patientsOfRecord(
  db: Db,
  url: string,
  params: Record<string, unknown>,
): Promise<string[]> {
  for (const [name, lookup] of Object.entries(LOOKUPS)) {
    const value =
      params[name] ?? (name === 'appointmentId' && url.includes('appointments/:id') ? params.id : undefined);
    if (typeof value === 'string' && UUID.test(value)) {
      return lookup(db, value);
    }
  }
  return [];
}
