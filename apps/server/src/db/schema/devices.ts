import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * spec 1 §3 Device, §4 device registration: a phone or browser a person uses, its push address and
 * its login ticket. Only a SHA-256 hash of the ticket is kept; the ticket itself is shown once.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Chosen by the device (the client's pushId); unique per person. */
    deviceIdentifier: text('device_identifier').notNull(),
    /** Lower-case platform: web, ios, android. */
    deviceType: text('device_type', { enum: ['web', 'ios', 'android'] }).notNull(),
    /** A native app's push token (APNs/FCM). */
    deviceToken: text('device_token'),
    /** A browser's Web Push subscription; one browser profile belongs to one person at a time. */
    pushEndpoint: text('push_endpoint'),
    pushP256dh: text('push_p256dh'),
    pushAuth: text('push_auth'),
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('devices_user_identifier_unique').on(table.userId, table.deviceIdentifier),
    uniqueIndex('devices_push_endpoint_unique').on(table.pushEndpoint),
    uniqueIndex('devices_ticket_hash_unique').on(table.ticketHash),
    index('devices_user_idx').on(table.userId, table.updatedAt),
  ],
);
