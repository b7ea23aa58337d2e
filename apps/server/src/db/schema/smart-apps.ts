import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';

/**
 * SMART App Launch, standalone patient launch (issue 21 item 3, decision 0082). Every secret the
 * tables keep (authorization codes, access and refresh tokens) is stored as its SHA-256 only.
 */

/** A registered SMART app (a public client: PKCE, no client secret). */
export const smartApps = pgTable(
  'smart_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The OAuth client_id the app sends. */
    clientId: text('client_id').notNull(),
    /** The name the consent screen and the lists show. */
    name: text('name').notNull(),
    /** Exact redirect URIs (no prefix or pattern matching). */
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    /** The clinic that registered the app; null: registered for the whole network. */
    clinicId: uuid('clinic_id').references(() => clinics.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('smart_apps_client_id_unique').on(table.clientId)],
);

/**
 * An authorization request the server checked and the portal's consent screen answers. The same row
 * then carries the one-time code of an allowed request.
 */
export const smartAuthorizationRequests = pgTable(
  'smart_authorization_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => smartApps.id),
    redirectUri: text('redirect_uri').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    state: text('state').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The consent screen must be answered by then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the request is answered (allowed or denied): it cannot be answered twice. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who allowed it. */
    userId: uuid('user_id').references(() => users.id),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /** Set when the code is exchanged: a second exchange is refused. */
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    grantId: uuid('grant_id'),
  },
  (table) => [uniqueIndex('smart_authorization_requests_code_unique').on(table.codeHash)],
);

/** What a user allowed an app to read: the connected app of account settings. */
export const smartGrants = pgTable(
  'smart_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => smartApps.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set on revocation (by the user, or on reuse of a rotated refresh token): every token stops. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('smart_grants_user_idx').on(table.userId)],
);

/** The access and refresh tokens of a grant, by hash; checked on every use, so revocation is at once. */
export const smartTokens = pgTable(
  'smart_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => smartGrants.id),
    /** 'access' or 'refresh'. */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A refresh token is used once (rotation); using it again revokes the grant. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('smart_tokens_hash_unique').on(table.tokenHash),
    index('smart_tokens_grant_idx').on(table.grantId),
  ],
);
