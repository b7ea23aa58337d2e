import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { VideoRoomRole } from '@app/contracts/video-call';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { providers } from '../../db/schema/clinics.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import {
  videoChatMessages,
  videoRoomInvitations,
  videoRoomParticipants,
  videoRooms,
} from '../../db/schema/video.ts';

// Issue 7 video rooms: queries only (decision 0030).

export type RoomRow = typeof videoRooms.$inferSelect;
export type ParticipantRow = typeof videoRoomParticipants.$inferSelect;
export type ChatRow = typeof videoChatMessages.$inferSelect;

export async function findRoom(db: Db, appointmentId: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(videoRooms).where(eq(videoRooms.appointmentId, appointmentId));
  return row;
}

/** Creates the room on its first join and locks it, so concurrent joins count participants one by one. */
export async function lockRoom(db: Db, appointmentId: string, now: Date): Promise<RoomRow> {
  await db.insert(videoRooms).values({ appointmentId, startedAt: now }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(videoRooms)
    .where(eq(videoRooms.appointmentId, appointmentId))
    .for('update');
  if (!row) {
    throw new Error('video room was not created');
  }
  return row;
}

export function presentParticipants(db: Db, appointmentId: string): Promise<ParticipantRow[]> {
  return db
    .select()
    .from(videoRoomParticipants)
    .where(and(eq(videoRoomParticipants.appointmentId, appointmentId), isNull(videoRoomParticipants.leftAt)))
    .orderBy(videoRoomParticipants.joinedAt);
}

export async function isPresent(db: Db, appointmentId: string, participantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoRoomParticipants.id })
    .from(videoRoomParticipants)
    .where(
      and(
        eq(videoRoomParticipants.id, participantId),
        eq(videoRoomParticipants.appointmentId, appointmentId),
        isNull(videoRoomParticipants.leftAt),
      ),
    );
  return row !== undefined;
}

export interface NewParticipant {
  id: string;
  appointmentId: string;
  userId: string | null;
  role: VideoRoomRole;
  displayName: string;
  connectionId: string;
  joinedAt: Date;
}

/** Enters the room; a participant id seen before (a re-join with the same ticket) is taken over. */
export async function upsertParticipant(db: Db, values: NewParticipant): Promise<void> {
  await db
    .insert(videoRoomParticipants)
    .values(values)
    .onConflictDoUpdate({
      target: videoRoomParticipants.id,
      set: { connectionId: values.connectionId, joinedAt: values.joinedAt, leftAt: null },
    });
}

/**
 * Marks as left the present participants of the room that are the given user's (an older tab or a
 * dropped connection of the same person) or that hold the given participant id on another socket.
 * Returns the ids whose departure the others should hear about.
 */
export async function replaceOlderParticipants(
  db: Db,
  appointmentId: string,
  participantId: string,
  userId: string | null,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(videoRoomParticipants)
    .set({ leftAt: now })
    .where(
      and(
        eq(videoRoomParticipants.appointmentId, appointmentId),
        isNull(videoRoomParticipants.leftAt),
        or(
          eq(videoRoomParticipants.id, participantId),
          userId === null ? sql`false` : eq(videoRoomParticipants.userId, userId),
        ),
      ),
    )
    .returning({ id: videoRoomParticipants.id });
  return rows.map((row) => row.id);
}

/** Leaves, unless another socket has taken the participant over since (a re-join). */
export async function markLeft(
  db: Db,
  participantId: string,
  connectionId: string,
  now: Date,
): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .update(videoRoomParticipants)
    .set({ leftAt: now })
    .where(
      and(
        eq(videoRoomParticipants.id, participantId),
        eq(videoRoomParticipants.connectionId, connectionId),
        isNull(videoRoomParticipants.leftAt),
      ),
    )
    .returning();
  return row;
}

export async function markRoomTimes(
  db: Db,
  appointmentId: string,
  times: Partial<Pick<RoomRow, 'patientJoinedAt' | 'patientLeftAt' | 'providerJoinedAt'>>,
): Promise<void> {
  await db.update(videoRooms).set(times).where(eq(videoRooms.appointmentId, appointmentId));
}

/** Ends the room for everyone; false when it had already ended. */
export async function endRoom(
  db: Db,
  appointmentId: string,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(videoRooms)
      .set({ endedAt: now, endedByUserId: userId })
      .where(and(eq(videoRooms.appointmentId, appointmentId), isNull(videoRooms.endedAt)))
      .returning({ id: videoRooms.appointmentId });
    if (ended.length === 0) {
      return false;
    }
    await tx
      .update(videoRoomParticipants)
      .set({ leftAt: now })
      .where(
        and(eq(videoRoomParticipants.appointmentId, appointmentId), isNull(videoRoomParticipants.leftAt)),
      );
    return true;
  });
}

export async function insertChatMessage(db: Db, values: Omit<ChatRow, 'id'>): Promise<ChatRow> {
  const [row] = await db.insert(videoChatMessages).values(values).returning();
  if (!row) {
    throw new Error('chat message was not saved');
  }
  return row;
}

/** The last `limit` messages of the visit, oldest first. */
export async function lastChatMessages(db: Db, appointmentId: string, limit: number): Promise<ChatRow[]> {
  const rows = await db
    .select()
    .from(videoChatMessages)
    .where(eq(videoChatMessages.appointmentId, appointmentId))
    .orderBy(desc(videoChatMessages.sentAt), desc(videoChatMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function insertInvitation(
  db: Db,
  values: { appointmentId: string; createdByUserId: string; createdAt: Date; expiresAt: Date },
): Promise<{ uuid: string; expiresAt: Date }> {
  const [row] = await db
    .insert(videoRoomInvitations)
    .values(values)
    .returning({ uuid: videoRoomInvitations.uuid, expiresAt: videoRoomInvitations.expiresAt });
  if (!row) {
    throw new Error('invitation was not created');
  }
  return row;
}

export async function hasLiveInvitation(
  db: Db,
  appointmentId: string,
  uuid: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ uuid: videoRoomInvitations.uuid })
    .from(videoRoomInvitations)
    .where(
      and(
        eq(videoRoomInvitations.uuid, uuid),
        eq(videoRoomInvitations.appointmentId, appointmentId),
        isNull(videoRoomInvitations.revokedAt),
        gt(videoRoomInvitations.expiresAt, now),
      ),
    );
  return row !== undefined;
}

/** What the ticket shows about the patient and the caller's own name. */
export async function findUserNames(db: Db, userIds: string[]) {
  if (userIds.length === 0) {
    return new Map<
      string,
      { firstName: string; lastName: string; image: string | null; birthdate: string | null }
    >();
  }
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      birthdate: users.birthdate,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

/** The provider's title in the clinic (shown after the name, e.g. "Ann Lee, MD"). */
export async function findProviderTitle(db: Db, userId: string, clinicId: string): Promise<string | null> {
  const [row] = await db
    .select({ title: providers.title })
    .from(providers)
    .where(and(eq(providers.userId, userId), eq(providers.clinicId, clinicId)));
  return row?.title ?? null;
}

/** Who may watch `room:{id}`: the appointment's patient and clinic, for the topic rule. */
export async function findAppointmentOwners(
  db: Db,
  appointmentId: string,
): Promise<{ clinicId: string; patientUserId: string } | undefined> {
  const [row] = await db
    .select({ clinicId: appointments.clinicId, patientUserId: appointments.patientUserId })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), ne(appointments.type, 'office')));
  return row;
}

/** The rooms and present participants of many appointments at once (the schedule's rows). */
export async function findRoomsWithPresence(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0) {
    return { rooms: [] as RoomRow[], present: [] as { appointmentId: string; role: VideoRoomRole }[] };
  }
  const [rooms, present] = await Promise.all([
    db.select().from(videoRooms).where(inArray(videoRooms.appointmentId, appointmentIds)),
    db
      .select({ appointmentId: videoRoomParticipants.appointmentId, role: videoRoomParticipants.role })
      .from(videoRoomParticipants)
      .where(
        and(
          inArray(videoRoomParticipants.appointmentId, appointmentIds),
          isNull(videoRoomParticipants.leftAt),
        ),
      ),
  ]);
  return { rooms, present };
}
