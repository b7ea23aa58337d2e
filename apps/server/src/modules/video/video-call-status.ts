import type { VideoCallStatus } from '@app/contracts/video-call';
import type { Db } from '../../db/client.ts';
import { findRoomsWithPresence } from './video.repository.ts';

/**
 * spec 3 §3 Provider appointment `videoCallStatus` for many appointments at once (the schedule and
 * the telehealth waiting room call this with their rows' ids). Appointments without a room are absent
 * from the map (null: nobody came yet).
 */
export async function findVideoCallStatuses(
  db: Db,
  appointmentIds: string[],
): Promise<Map<string, NonNullable<VideoCallStatus>>> {
  const { rooms, present } = await findRoomsWithPresence(db, appointmentIds);
  const statuses = new Map<string, NonNullable<VideoCallStatus>>();
  for (const room of rooms) {
    const here = present.filter((participant) => participant.appointmentId === room.appointmentId);
    const patientHere = here.some((participant) => participant.role === 'patient');
    const providerHere = here.some((participant) => participant.role === 'provider');
    if (room.endedAt) {
      statuses.set(room.appointmentId, 'ended');
    } else if (patientHere) {
      statuses.set(room.appointmentId, providerHere ? 'in-call' : 'patient-waiting');
    } else if (room.patientJoinedAt) {
      // The patient came and went (closed the tab, lost the network) while the room is still live.
      statuses.set(room.appointmentId, 'patient-left');
    }
  }
  return statuses;
}
