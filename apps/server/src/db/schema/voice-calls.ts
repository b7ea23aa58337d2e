import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';
import { appointments } from './scheduling.ts';

// Issue 17 item 4: outbound voice calls a provider places from the dialer (clinic module
// OUTBOUND_CALLING). spec 3 §2: only providers change a call; ending a video visit ends its calls.

export const VOICE_CALL_STATUSES = ['dialing', 'in-progress', 'ended', 'failed'] as const;
export type VoiceCallStatus = (typeof VOICE_CALL_STATUSES)[number];

export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** The visit the call belongs to; null for a call from the patient row outside a visit. */
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    placedByUserId: uuid('placed_by_user_id')
      .notNull()
      .references(() => users.id),
    /** The number dialled, E.164. */
    toPhone: text('to_phone').notNull(),
    status: text('status', { enum: VOICE_CALL_STATUSES }).notNull(),
    /** The telephony provider's id of the call (the local adapter's outbox row id). */
    externalId: text('external_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedByUserId: uuid('ended_by_user_id').references(() => users.id),
    /** Why it ended: 'provider' (hung up), 'video-ended' (the visit's video call ended), 'failed'. */
    endedReason: text('ended_reason'),
  },
  (table) => [
    index('voice_calls_appointment_idx').on(table.appointmentId, table.status),
    index('voice_calls_patient_idx').on(table.clinicId, table.patientUserId, table.startedAt),
  ],
);
