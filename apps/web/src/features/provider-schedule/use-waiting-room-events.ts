import { useQueryClient } from '@tanstack/react-query';
import { realtimeTopic } from '@app/contracts/realtime';
import { useRealtimeEvent } from '../../lib/realtime/use-realtime-event.ts';
import { WAITING_ROOM_KEY } from './api/get-waiting-room.ts';
import { SCHEDULE_KEY } from './api/get-schedule.ts';
import { APPOINTMENT_LIST_KEY } from './api/list-appointments.ts';

/**
 * ARCHITECTURE.md realtime: a 'waiting-room.changed' event on the clinic topic (or a reconnect)
 * refetches the rooms, the schedule and the appointment list at once (the shell refreshes the counters); the 15 s polling of spec 3 §9
 * stays the fallback.
 */
export function useWaitingRoomEvents(clinicId: string | null): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(clinicId ? realtimeTopic.clinic(clinicId) : null, (event) => {
    if (event.type === 'waiting-room.changed' || event.type === 'realtime.reconnected') {
      void queryClient.invalidateQueries({ queryKey: [WAITING_ROOM_KEY] });
      void queryClient.invalidateQueries({ queryKey: [SCHEDULE_KEY] });
      void queryClient.invalidateQueries({ queryKey: [APPOINTMENT_LIST_KEY] });
    }
  });
}
