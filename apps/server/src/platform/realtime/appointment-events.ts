import type { FastifyReply, FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import {
  APPOINTMENT_CHANGED_EVENT,
  realtimeTopic,
  type AppointmentChangedPayload,
} from '@app/contracts/realtime';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema/check-in.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import type { RealtimeHub } from './realtime-hub.ts';

// Issue 17 item 3 (decision 0042): the provider's day schedule, the waiting rooms and the clinic's
// appointment list follow every write that changes an appointment they show. Each such write calls
// this once, after its transaction committed (a hint about a rolled-back change would only cost a
// refetch, but a hint sent before the commit can be read before the change is visible).
// `appointment-events.guard.test.ts` fails when a new write path does not reach this function.

export interface AppointmentEventDeps {
  db: Db;
  realtime: RealtimeHub;
}

/** What changed: appointments by id, or the check-in tasks of appointments (their appointment is looked up). */
export interface ChangedAppointments {
  appointmentIds?: readonly (string | null | undefined)[];
  taskIds?: readonly (string | null | undefined)[];
}

function present(ids: readonly (string | null | undefined)[] | undefined): string[] {
  return [...new Set((ids ?? []).filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/**
 * Publishes 'appointment.changed' on the clinic topic of each changed appointment (the topic only the
 * clinic's providers may watch, decision 0023), naming only appointment ids: the screens refetch
 * through REST, so no patient data travels here. A failed publish loses only the hint (the screens'
 * polling catches up); it never fails the write the caller already saved.
 */
export async function publishAppointmentChanged(
  deps: AppointmentEventDeps,
  changed: ChangedAppointments,
): Promise<void> {
  try {
    const byClinic = new Map<string, Set<string>>();
    const add = (clinicId: string, appointmentId: string) => {
      const ids = byClinic.get(clinicId) ?? new Set<string>();
      ids.add(appointmentId);
      byClinic.set(clinicId, ids);
    };
    const appointmentIds = present(changed.appointmentIds);
    if (appointmentIds.length > 0) {
      const rows = await deps.db
        .select({ id: appointments.id, clinicId: appointments.clinicId })
        .from(appointments)
        .where(inArray(appointments.id, appointmentIds));
      for (const row of rows) {
        add(row.clinicId, row.id);
      }
    }
    const taskIds = present(changed.taskIds);
    if (taskIds.length > 0) {
      const rows = await deps.db
        .select({ appointmentId: tasks.appointmentId, clinicId: tasks.clinicId })
        .from(tasks)
        .where(inArray(tasks.id, taskIds));
      for (const row of rows) {
        // On-the-fly tasks belong to no appointment: no schedule shows them.
        if (row.appointmentId) {
          add(row.clinicId, row.appointmentId);
        }
      }
    }
    await Promise.allSettled(
      [...byClinic].map(([clinicId, ids]) => {
        const payload: AppointmentChangedPayload = { appointmentIds: [...ids] };
        return deps.realtime.publish(realtimeTopic.clinic(clinicId), {
          type: APPOINTMENT_CHANGED_EVENT,
          payload,
        });
      }),
    );
  } catch {
    // Only the hint is lost (the lookup failed, e.g. the app is closing); the change itself is saved.
  }
}

function stringField(value: unknown, name: string): string | undefined {
  const field =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  return typeof field === 'string' ? field : undefined;
}

/** Which appointments a route changed, read from its (already validated) params or body. */
export const changedBy = {
  /** An appointment id in the path. */
  appointmentParam:
    (name: string) =>
    (request: FastifyRequest): ChangedAppointments => ({
      appointmentIds: [stringField(request.params, name)],
    }),
  /** A check-in task id in the path: its appointment changed. */
  taskParam:
    (name: string) =>
    (request: FastifyRequest): ChangedAppointments => ({ taskIds: [stringField(request.params, name)] }),
  /** A list of appointment ids in the body. */
  appointmentListInBody:
    (name: string) =>
    (request: FastifyRequest): ChangedAppointments => {
      const list =
        typeof request.body === 'object' && request.body !== null
          ? (request.body as Record<string, unknown>)[name]
          : undefined;
      return {
        appointmentIds: Array.isArray(list)
          ? list.filter((item): item is string => typeof item === 'string')
          : [],
      };
    },
};

/**
 * For a route whose service is handed only the database (check-in, quick links, questionnaires,
 * documents): an `onResponse` hook that publishes once the handler answered with success, i.e. after
 * its writes committed. A refused request (4xx) changed nothing and publishes nothing.
 */
export function publishAppointmentChangedOnSuccess(
  deps: AppointmentEventDeps,
  changed: (request: FastifyRequest) => ChangedAppointments,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    if (reply.statusCode < 400) {
      await publishAppointmentChanged(deps, changed(request));
    }
  };
}
