import { z } from 'zod';
import { singleLineText } from './text.ts';

// Issue 7, spec 3 §2 "Video-call room" (decision 0030): telehealth visits are browser WebRTC between
// up to four participants as a mesh, with our own signaling over the WebSocket at /ws.
//
// 1. The browser asks the REST API for a room ticket (POST /api/video-call/{appointmentId}/join). The
//    server checks who may enter: the appointment's patient (spec 2 §6 allowVideoCall), a provider of
//    its clinic (providers always may), or whoever holds a live invitation uuid (public access,
//    `?uuid=` on the room route). The answer carries a short-lived room token, the ICE servers and
//    the media settings.
// 2. The browser opens its own WebSocket to /ws for the call and sends `room.join` with that token as
//    its first message: the room token alone authenticates a room connection (a guest has no login).
// 3. Offers, answers and ICE candidates go `room.signal` -> the server -> the one participant named
//    in `to`; presence, chat and the end of the visit go to everyone in the room.

export const VIDEO_MAX_PARTICIPANTS = 4;
/** spec 3 §2: "Loader until initialisation (30 s timeout)". */
export const VIDEO_INIT_TIMEOUT_MS = 30_000;
/**
 * spec 3 §8: "Connection failure retries after 30 s". Issue 17 item 8: for the whole call, not only
 * before the first join (decision 0047).
 */
export const VIDEO_RETRY_AFTER_MS = 30_000;
/**
 * spec 3 §8: "reconnect error codes 20104 and 20156 reload the appointment data first". Our room
 * server answers `room.join` with them (decision 0047): 20104 when the room token has expired, 20156
 * when it is not valid here (damaged, signed with another key, or for another room). The browser then
 * loads the visit and a fresh ticket and joins again at once; refused a second time, it gives up.
 */
export const ROOM_TOKEN_EXPIRED = '20104';
export const ROOM_TOKEN_REJECTED = '20156';
export const ROOM_RELOAD_CODES: readonly string[] = [ROOM_TOKEN_EXPIRED, ROOM_TOKEN_REJECTED];
/**
 * The WebSocket close code of a participant's older socket when they joined again elsewhere (another
 * tab or device). Final: reconnecting would take the room back from the newer window.
 */
export const ROOM_CLOSE_REPLACED = 4409;
/** spec 3 §2: "video runs at 24 fps with a preferred codec VP8". */
export const VIDEO_FRAME_RATE = 24;
export const VIDEO_PREFERRED_CODEC = 'VP8';
/** spec 3 §9 "Blur processor: mask blur radius 10, filter radius 5, debounced". */
export const BLUR_MASK_RADIUS = 10;
export const BLUR_FILTER_RADIUS = 5;
/** spec 2 §9 "chat and video link 300 ms" debounce. */
export const VIDEO_LINK_DEBOUNCE_MS = 300;
export const VIDEO_CHAT_MAX_LENGTH = 1000;
/** A room token is only good for joining (and re-joining after a network loss) for this long. */
export const ROOM_TOKEN_TTL_SECONDS = 600;

export const videoRoomRoleSchema = z.enum(['provider', 'patient', 'guest']);
export type VideoRoomRole = z.infer<typeof videoRoomRoleSchema>;

export const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** POST /api/video-call/{appointmentId}/join body: the invitation uuid of public access, if any. */
export const videoRoomJoinRequestSchema = z.strictObject({
  uuid: z.uuid('The invitation link is not valid.').optional(),
  /** A guest's name as the others see it (public access only; 1–100). */
  displayName: singleLineText().trim().min(1).max(100).optional(),
});
export type VideoRoomJoinRequest = z.infer<typeof videoRoomJoinRequestSchema>;

/** spec 3 §3 "Video-call appointment data: id, patientName, patientImage, patientBirthdate, startAt, timezone". */
export const videoCallAppointmentSchema = z.object({
  id: z.uuid(),
  patientName: z.string(),
  patientImage: z.string().nullable(),
  /** Shown to the clinic only; null for the patient's own and a guest's ticket. */
  patientBirthdate: z.string().nullable(),
  providerName: z.string(),
  startAt: z.string(),
  timezone: z.string(),
  clinicName: z.string(),
});
export type VideoCallAppointment = z.infer<typeof videoCallAppointmentSchema>;

export const videoRoomTicketSchema = z.object({
  roomToken: z.string(),
  expiresAt: z.string(),
  participantId: z.uuid(),
  displayName: z.string(),
  role: videoRoomRoleSchema,
  appointment: videoCallAppointmentSchema,
  iceServers: z.array(iceServerSchema),
  /** spec 3 §2: 24 fps, VP8 preferred, width and height from configuration. */
  media: z.object({
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    frameRate: z.number().int().positive(),
    codec: z.string(),
  }),
  /** Set when the provider has ended the visit: nobody joins any more. */
  endedAt: z.string().nullable(),
});
export type VideoRoomTicket = z.infer<typeof videoRoomTicketSchema>;

/** POST /api/provider/clinics/{clinicId}/video-call/{appointmentId}/invitations: a public link. */
export const videoRoomInvitationSchema = z.object({
  uuid: z.uuid(),
  /** The room route with `?uuid=`, to send to the invited person. */
  link: z.string(),
  expiresAt: z.string(),
});
export type VideoRoomInvitation = z.infer<typeof videoRoomInvitationSchema>;

export const videoRoomParticipantSchema = z.object({
  participantId: z.uuid(),
  displayName: z.string(),
  role: videoRoomRoleSchema,
  joinedAt: z.string(),
});
export type VideoRoomParticipant = z.infer<typeof videoRoomParticipantSchema>;

export const videoChatMessageSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  senderName: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type VideoChatMessage = z.infer<typeof videoChatMessageSchema>;

/** WebRTC's own shapes, bounded so a client cannot push megabytes through the relay. */
export const roomSignalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('description'),
    type: z.enum(['offer', 'answer']),
    sdp: z.string().max(32_000),
  }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z.string().max(2_000),
    sdpMid: z.string().max(100).nullable(),
    sdpMLineIndex: z.number().int().min(0).max(100).nullable(),
  }),
]);
export type RoomSignal = z.infer<typeof roomSignalSchema>;

/** What a participant shows the others about its own media (the camera cover, the muted badge). */
export const roomMediaStateSchema = z.object({
  camera: z.boolean(),
  microphone: z.boolean(),
  screen: z.boolean(),
});
export type RoomMediaState = z.infer<typeof roomMediaStateSchema>;

/** Client -> server messages of a room connection; added to the realtime contract's union. */
export const roomClientMessageSchemas = [
  z.object({ type: z.literal('room.join'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('room.leave') }),
  /** Provider only: the visit ends for everyone (issue 7 item 1). */
  z.object({ type: z.literal('room.end') }),
  z.object({ type: z.literal('room.signal'), to: z.uuid(), signal: roomSignalSchema }),
  z.object({ type: z.literal('room.chat'), text: z.string().trim().min(1).max(VIDEO_CHAT_MAX_LENGTH) }),
  z.object({ type: z.literal('room.media'), media: roomMediaStateSchema }),
] as const;

/** Server -> client messages of a room connection. */
export type RoomServerMessage =
  | {
      type: 'room.joined';
      participantId: string;
      participants: VideoRoomParticipant[];
      chat: VideoChatMessage[];
    }
  | { type: 'room.participant-joined'; participant: VideoRoomParticipant }
  | { type: 'room.participant-left'; participantId: string }
  | { type: 'room.signal'; from: string; signal: RoomSignal }
  | { type: 'room.chat'; message: VideoChatMessage }
  | { type: 'room.media'; participantId: string; media: RoomMediaState }
  | { type: 'room.ended' }
  /** codes: 20104 (token expired), 20156 (token not valid here), room_full, room_ended, not_joined, not_allowed. */
  | { type: 'room.error'; code: string; message: string };

/**
 * spec 3 §3 Provider appointment `videoCallStatus`, as the schedule and the telehealth waiting room
 * show it: null before anyone came; 'patient-waiting' while the patient is in the room without a
 * provider; 'in-call' with both; 'patient-left' when the patient left a live room; 'ended' after the
 * provider ended the visit.
 */
export const VIDEO_CALL_STATUSES = ['patient-waiting', 'in-call', 'patient-left', 'ended'] as const;
export const videoCallStatusSchema = z.enum(VIDEO_CALL_STATUSES).nullable();
export type VideoCallStatus = z.infer<typeof videoCallStatusSchema>;
