import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { VideoRoomRole } from '@app/contracts/video-call';
import { users } from './accounts.ts';
import { appointments } from './scheduling.ts';

// Issue 7 video visits (decision 0030). Presence lives here, not in the process that holds the
// socket, so any instance can answer "who is in the room" and the schedule can show the call status.

const VIDEO_ROOM_ROLES = ['provider', 'patient', 'guest'] as const satisfies readonly VideoRoomRole[];

/** One room per video appointment, created by its first join. */
export const videoRooms = pgTable('video_rooms', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** Set when a provider ended the visit: nobody joins any more. */
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endedByUserId: uuid('ended_by_user_id').references(() => users.id),
  /** The last time the appointment's patient came in / went out (videoCallStatus). */
  patientJoinedAt: timestamp('patient_joined_at', { withTimezone: true }),
  patientLeftAt: timestamp('patient_left_at', { withTimezone: true }),
  providerJoinedAt: timestamp('provider_joined_at', { withTimezone: true }),
});

/** Who is (or was) in a room; a participant is present while left_at is null. */
export const videoRoomParticipants = pgTable(
  'video_room_participants',
  {
    /** The participant id the others address signals to. */
    id: uuid('id').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    /** null for a guest by invitation. */
    userId: uuid('user_id').references(() => users.id),
    role: text('role', { enum: VIDEO_ROOM_ROLES }).notNull(),
    displayName: text('display_name').notNull(),
    /**
     * The socket currently holding this participant (random per connection). A re-join after a
     * network loss takes the row over; the old socket's late close then changes nothing.
     */
    connectionId: uuid('connection_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (table) => [index('video_room_participants_room_idx').on(table.appointmentId, table.leftAt)],
);

/** The in-call chat, persisted to the visit (issue 7 item 3). */
export const videoChatMessages = pgTable(
  'video_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    participantId: uuid('participant_id').notNull(),
    senderName: text('sender_name').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('video_chat_messages_room_idx').on(table.appointmentId, table.sentAt)],
);

/** Public access by uuid: whoever holds a live invitation may join that one room. */
export const videoRoomInvitations = pgTable(
  'video_room_invitations',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('video_room_invitations_appointment_idx').on(table.appointmentId)],
);
