import { sql } from 'drizzle-orm';
import { boolean, date, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public member number shown as memberId. */
    memberId: text('member_id').notNull().unique(),
    /** Null for a provider imported from the health record who has not registered yet (spec 1 §2). */
    username: text('username'),
    passwordHash: text('password_hash'),
    memberType: text('member_type', { enum: ['patient', 'doctor'] }).notNull(),
    /** pending: signed up or imported, not activated yet (spec 1 §2 activation link); inactive: closed. */
    status: text('status', { enum: ['active', 'pending', 'inactive'] })
      .notNull()
      .default('active'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    birthdate: date('birthdate'),
    gender: text('gender'),
    timezone: text('timezone'),
    image: text('image'),
    communicationLanguage: text('communication_language').notNull().default('en'),
    isResetPasswordRequired: boolean('is_reset_password_required').notNull().default(false),
    securityQuestion: text('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames are unique regardless of case: 'Jane.Patient' and 'jane.patient' are one login.
  (table) => [uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`)],
);
