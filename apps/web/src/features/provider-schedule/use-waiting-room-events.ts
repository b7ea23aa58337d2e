import { useQueryClient } from '@tanstack/react-query';
import { APPOINTMENT_CHANGED_EVENT, realtimeTopic } from '@app/contracts/realtime';
import { useRealtimeLive } from '../../lib/realtime/use-realtime-live.ts';
import { WAITING_ROOM_KEY } from './api/get-waiting-room.ts';
import { SCHEDULE_KEY } from './api/get-schedule.ts';
import { APPOINTMENT_LIST_KEY } from './api/list-appointments.ts';

/** What the provider's screens follow on the clinic topic (decision 0042). */
export const SCHEDULE_LIVE_EVENTS = ['waiting-room.changed', APPOINTMENT_CHANGED_EVENT] as const;

/**
 * ARCHITECTURE.md realtime: a 'waiting-room.changed' or 'appointment.changed' event on the clinic
 * topic (or a reconnect) refetches the rooms, the day schedule and the appointment list at once (the
 * shell refreshes the counters). Returns the polling interval for the screen's own query: none while
 * the socket is live, 15 s while it is down (decision 0042; the rooms keep their 15 s of spec 3 §9).
 */
export function useWaitingRoomEvents(clinicId: string | null): number | false {
  const queryClient = useQueryClient();
  return useRealtimeLive(clinicId ? realtimeTopic.clinic(clinicId) : null, SCHEDULE_LIVE_EVENTS, () => {
    void queryClient.invalidateQueries({ queryKey: [WAITING_ROOM_KEY] });
    void queryClient.invalidateQueries({ queryKey: [SCHEDULE_KEY] });
    void queryClient.invalidateQueries({ queryKey: [APPOINTMENT_LIST_KEY] });
  });
}
