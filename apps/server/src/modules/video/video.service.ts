import { randomUUID } from 'node:crypto';
import {
  VIDEO_FRAME_RATE,
  VIDEO_PREFERRED_CODEC,
  type VideoChatMessage,
  type VideoRoomInvitation,
  type VideoRoomJoinRequest,
  type VideoRoomRole,
  type VideoRoomTicket,
} from '@app/contracts/video-call';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { registerTopicRule } from '../../platform/realtime/topic-access.ts';
import { appointmentRules, doctorNameOf, isLive, isoInZone } from '../appointments/appointment-read-model.ts';
import { findAppointmentRow, type AppointmentRow } from '../appointments/appointments.repository.ts';
import { signRoomToken } from './room-token.ts';
import {
  findAppointmentOwners,
  findProviderTitle,
  findRoom,
  findUserNames,
  hasLiveInvitation,
  insertInvitation,
  lastChatMessages,
} from './video.repository.ts';
import { ROOM_CHAT_HISTORY } from './room-signaling.ts';

// Issue 7 video rooms (decision 0030): who may enter a room, the ticket that lets them in, and the
// public links. The signaling itself is room-signaling.ts.

export const ROOM_NOT_FOUND_TEXT = 'This video visit was not found.';
export const ROOM_NOT_OPEN_TEXT = 'The video visit is not open yet. Please come back closer to its start.';
export const ROOM_ENDED_TEXT = 'The visit has ended.';
export const GUEST_NAME_REQUIRED_TEXT = 'Please enter your name.';
export const VISIT_OVER_TEXT = 'This visit is over; a link to it would not work.';
/** Issue 7: a public link works until an hour after the visit's planned finish. */
export const INVITATION_GRACE_MS = 60 * 60_000;

function roomNotFound(code = 'room_not_found', message = ROOM_NOT_FOUND_TEXT): HttpError {
  // Whoever may not enter learns nothing about the room, not even that it exists.
  return new HttpError(404, message, { code, errors: [{ detail: message }] });
}

/** A video visit's appointment (office visits are no room; converted ones are, spec 2 §6). */
async function videoAppointment(context: AppContext, appointmentId: string): Promise<AppointmentRow> {
  const row = await findAppointmentRow(context.db, appointmentId);
  if (!row || row.type !== 'video_call' || !isLive(row)) {
    throw roomNotFound();
  }
  return row;
}

interface Entrant {
  role: VideoRoomRole;
  userId: string | null;
  displayName: string;
}

/** Decision 0030 §1: the clinic's providers always, the patient while allowVideoCall holds, invited guests. */
async function entrantOf(
  context: AppContext,
  row: AppointmentRow,
  auth: AuthContext | null,
  body: VideoRoomJoinRequest,
): Promise<Entrant> {
  const now = context.now();
  const own = auth ? (await findUserNames(context.db, [auth.userId])).get(auth.userId) : undefined;
  const fullName = own ? `${own.firstName} ${own.lastName}` : null;
  if (auth?.role === 'provider' && auth.clinicIds.includes(row.clinicId) && fullName) {
    const title = await findProviderTitle(context.db, auth.userId, row.clinicId);
    return { role: 'provider', userId: auth.userId, displayName: title ? `${fullName}, ${title}` : fullName };
  }
  if (auth && auth.userId === row.patientUserId && fullName) {
    // spec 2 §6 allowVideoCall: from 15 minutes before the start until the planned finish.
    if (!appointmentRules(row, now).allowVideoCall) {
      throw roomNotFound('video_call_not_open', ROOM_NOT_OPEN_TEXT);
    }
    return { role: 'patient', userId: auth.userId, displayName: fullName };
  }
  if (body.uuid && (await hasLiveInvitation(context.db, row.id, body.uuid, now))) {
    const displayName = fullName ?? body.displayName;
    if (!displayName) {
      throw new HttpError(400, GUEST_NAME_REQUIRED_TEXT, {
        code: 'bad_request',
        errors: [{ detail: GUEST_NAME_REQUIRED_TEXT, field: 'displayName' }],
      });
    }
    return { role: 'guest', userId: auth?.userId ?? null, displayName };
  }
  throw roomNotFound();
}

/** POST /api/video-call/{appointmentId}/join: a short-lived room token and what the call needs. */
export async function joinTicket(
  context: AppContext,
  auth: AuthContext | null,
  appointmentId: string,
  body: VideoRoomJoinRequest,
): Promise<VideoRoomTicket> {
  const row = await videoAppointment(context, appointmentId);
  const entrant = await entrantOf(context, row, auth, body);
  const room = await findRoom(context.db, row.id);
  if (room?.endedAt) {
    throw new HttpError(409, ROOM_ENDED_TEXT, { code: 'room_ended', errors: [{ detail: ROOM_ENDED_TEXT }] });
  }
  const now = context.now();
  const participantId = randomUUID();
  const { token, expiresAt } = await signRoomToken(
    context.signingKey,
    { appointmentId: row.id, clinicId: row.clinicId, participantId, ...entrant },
    now,
  );
  const patient = (await findUserNames(context.db, [row.patientUserId])).get(row.patientUserId);
  return {
    roomToken: token,
    expiresAt: expiresAt.toISOString(),
    participantId,
    displayName: entrant.displayName,
    role: entrant.role,
    appointment: {
      id: row.id,
      patientName: `${row.patientFirstName} ${row.patientLastName}`,
      patientImage: patient?.image ?? null,
      // spec 3 §3: the birthdate is the clinic's to see, not a guest's.
      patientBirthdate: entrant.role === 'provider' ? (patient?.birthdate ?? null) : null,
      providerName: doctorNameOf(row),
      startAt: isoInZone(row.startAt, row.timezone),
      timezone: row.timezone,
      clinicName: row.clinicName,
    },
    iceServers: context.env.VIDEO_ICE_SERVERS,
    media: {
      width: context.env.VIDEO_WIDTH,
      height: context.env.VIDEO_HEIGHT,
      frameRate: VIDEO_FRAME_RATE,
      codec: VIDEO_PREFERRED_CODEC,
    },
    endedAt: null,
  };
}

/** A clinic's appointment that is a live video visit; anything else answers 404. */
async function clinicVideoAppointment(
  context: AppContext,
  clinicId: string,
  appointmentId: string,
): Promise<AppointmentRow> {
  const row = await videoAppointment(context, appointmentId);
  if (row.clinicId !== clinicId) {
    throw roomNotFound();
  }
  return row;
}

/** Public access by uuid: a link to send to whoever should join (family, an interpreter). */
export async function createInvitation(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  appointmentId: string,
  linkBase: string,
): Promise<VideoRoomInvitation> {
  const row = await clinicVideoAppointment(context, clinicId, appointmentId);
  const now = context.now();
  const expiresAt = new Date(row.finishAt.getTime() + INVITATION_GRACE_MS);
  // In a transaction, so the audit events commit with the invitation (decision 0064).
  const invitation = await context.db.transaction(async (tx) => {
    const room = await findRoom(tx, row.id);
    if (room?.endedAt) {
      throw new HttpError(409, ROOM_ENDED_TEXT, {
        code: 'room_ended',
        errors: [{ detail: ROOM_ENDED_TEXT }],
      });
    }
    if (expiresAt.getTime() <= now.getTime()) {
      throw new HttpError(409, VISIT_OVER_TEXT, {
        code: 'visit_over',
        errors: [{ detail: VISIT_OVER_TEXT }],
      });
    }
    return insertInvitation(tx, {
      appointmentId: row.id,
      createdByUserId: auth.userId,
      createdAt: now,
      expiresAt,
    });
  });
  return {
    uuid: invitation.uuid,
    link: `${linkBase}/provider/video-call/${row.id}?uuid=${invitation.uuid}`,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The visit's chat as the clinic keeps it (the transcript for the patient's record). */
export async function clinicChat(
  context: AppContext,
  clinicId: string,
  appointmentId: string,
): Promise<VideoChatMessage[]> {
  const row = await findAppointmentRow(context.db, appointmentId);
  if (!row || row.clinicId !== clinicId) {
    throw roomNotFound();
  }
  const rows = await lastChatMessages(context.db, row.id, ROOM_CHAT_HISTORY * 50);
  return rows.map((message) => ({
    id: message.id,
    participantId: message.participantId,
    senderName: message.senderName,
    text: message.text,
    sentAt: message.sentAt.toISOString(),
  }));
}

/**
 * Who may watch `room:{appointmentId}` over their normal socket (presence, the end): the appointment's
 * patient (their appointment page) and the providers of its clinic. Registered once per process.
 */
export function registerRoomTopicRule(): void {
  registerTopicRule('room', async (auth, appointmentId, { db }) => {
    const owners = await findAppointmentOwners(db, appointmentId);
    if (!owners) {
      return false;
    }
    return auth.role === 'provider'
      ? auth.clinicIds.includes(owners.clinicId)
      : auth.userId === owners.patientUserId;
  });
}
