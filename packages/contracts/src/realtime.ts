import { z } from 'zod';
import { roomClientMessageSchemas, type RoomServerMessage } from './video-call.ts';

// ARCHITECTURE.md "Realtime": one authenticated WebSocket per tab at /ws. The browser cannot send an
// Authorization header on a WebSocket, so its first message carries the access token. It then
// subscribes to topics; the server checks each topic against the caller (decision 0023).
// Events are hints ("this changed"): the page refetches through the REST call it already has, so the
// polling of the spec stays the fallback and no data leaves through a second path.

export const REALTIME_PATH = '/ws';
/** A message larger than this closes the connection (a flooding or broken client). */
export const REALTIME_MAX_MESSAGE_BYTES = 64 * 1024;

export const realtimeTopic = {
  /** Everything of one clinic that its providers watch (waiting rooms, counts). */
  clinic: (clinicId: string) => `clinic:${clinicId}`,
  /** One user's own events (new messages, family, their appointment's status). */
  user: (userId: string) => `user:${userId}`,
  /** One video visit's room (issue 7). */
  room: (appointmentId: string) => `room:${appointmentId}`,
} as const;

const topicSchema = z.string().regex(/^(clinic|user|room):[0-9a-f-]{36}$/, 'Unknown topic.');

export const realtimeEventSchema = z.object({
  /** What changed, e.g. 'waiting-room.changed', 'message.created'. */
  type: z.string().min(1).max(100),
  payload: z.unknown().optional(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), topic: topicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  z.object({ type: z.literal('ping') }),
  // A video room's signaling, chat and presence (issue 7, decision 0030); `room.join` carries its own
  // room token, so a room connection needs no `auth` first.
  ...roomClientMessageSchemas,
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

export type RealtimeServerMessage =
  | { type: 'ready' }
  | { type: 'subscribed'; topic: string }
  | { type: 'event'; topic: string; event: RealtimeEvent }
  | { type: 'pong' }
  | { type: 'error'; message: string; topic?: string }
  | RoomServerMessage;

/**
 * Issue 17 (decision 0042): an appointment a provider screen shows changed (booked, rescheduled,
 * cancelled, status, arrival, check-in). On the clinic topic; the payload names only appointment ids
 * of that clinic, and the screens refetch through REST.
 */
export const APPOINTMENT_CHANGED_EVENT = 'appointment.changed';
export const appointmentChangedPayloadSchema = z.object({ appointmentIds: z.array(z.uuid()) });
export type AppointmentChangedPayload = z.infer<typeof appointmentChangedPayloadSchema>;
