import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, clinics, providers } from '../../db/schema/clinics.ts';
import {
  smartApps,
  smartAuthorizationRequests,
  smartGrants,
  smartTokens,
} from '../../db/schema/smart-apps.ts';

export type SmartAppRow = typeof smartApps.$inferSelect;
export type SmartRequestRow = typeof smartAuthorizationRequests.$inferSelect;
export type SmartGrantRow = typeof smartGrants.$inferSelect;

export async function findAppByClientId(db: Db, clientId: string): Promise<SmartAppRow | null> {
  const [row] = await db.select().from(smartApps).where(eq(smartApps.clientId, clientId)).limit(1);
  return row ?? null;
}

export async function insertApp(db: Db, values: typeof smartApps.$inferInsert): Promise<SmartAppRow> {
  const [row] = await db.insert(smartApps).values(values).returning();
  if (!row) {
    throw new Error('smart app was not created');
  }
  return row;
}

/** The apps a clinic's admin sees: its own and the network-wide ones. */
export async function listAppsOfClinic(db: Db, clinicId: string): Promise<SmartAppRow[]> {
  return db
    .select()
    .from(smartApps)
    .where(or(eq(smartApps.clinicId, clinicId), isNull(smartApps.clinicId)))
    .orderBy(smartApps.name);
}

export async function insertRequest(
  db: Db,
  values: typeof smartAuthorizationRequests.$inferInsert,
): Promise<string> {
  const [row] = await db
    .insert(smartAuthorizationRequests)
    .values(values)
    .returning({ id: smartAuthorizationRequests.id });
  if (!row) {
    throw new Error('authorization request was not stored');
  }
  return row.id;
}

export async function findRequestWithApp(
  db: Db,
  requestId: string,
): Promise<{ request: SmartRequestRow; app: SmartAppRow } | null> {
  const [row] = await db
    .select({ request: smartAuthorizationRequests, app: smartApps })
    .from(smartAuthorizationRequests)
    .innerJoin(smartApps, eq(smartApps.id, smartAuthorizationRequests.appId))
    .where(eq(smartAuthorizationRequests.id, requestId))
    .limit(1);
  return row ?? null;
}

/** Marks the request answered, only if nobody answered it first; false when someone did. */
export async function decideRequest(
  db: Db,
  requestId: string,
  values: Partial<typeof smartAuthorizationRequests.$inferInsert> & { decidedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(smartAuthorizationRequests)
    .set(values)
    .where(and(eq(smartAuthorizationRequests.id, requestId), isNull(smartAuthorizationRequests.decidedAt)))
    .returning({ id: smartAuthorizationRequests.id });
  return rows.length === 1;
}

export async function findRequestByCode(
  db: Db,
  codeHash: string,
): Promise<{ request: SmartRequestRow; app: SmartAppRow } | null> {
  const [row] = await db
    .select({ request: smartAuthorizationRequests, app: smartApps })
    .from(smartAuthorizationRequests)
    .innerJoin(smartApps, eq(smartApps.id, smartAuthorizationRequests.appId))
    .where(eq(smartAuthorizationRequests.codeHash, codeHash))
    .limit(1);
  return row ?? null;
}

/** Uses the code once; false when it was used already (a concurrent or repeated exchange). */
export async function useCode(db: Db, requestId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(smartAuthorizationRequests)
    .set({ codeUsedAt: now })
    .where(and(eq(smartAuthorizationRequests.id, requestId), isNull(smartAuthorizationRequests.codeUsedAt)))
    .returning({ id: smartAuthorizationRequests.id });
  return rows.length === 1;
}

export async function insertGrant(db: Db, values: typeof smartGrants.$inferInsert): Promise<SmartGrantRow> {
  const [row] = await db.insert(smartGrants).values(values).returning();
  if (!row) {
    throw new Error('grant was not created');
  }
  return row;
}

export async function findGrant(db: Db, grantId: string): Promise<SmartGrantRow | null> {
  const [row] = await db.select().from(smartGrants).where(eq(smartGrants.id, grantId)).limit(1);
  return row ?? null;
}

export async function revokeGrant(db: Db, grantId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(smartGrants)
    .set({ revokedAt: now })
    .where(and(eq(smartGrants.id, grantId), isNull(smartGrants.revokedAt)))
    .returning({ id: smartGrants.id });
  return rows.length === 1;
}

export async function listLiveGrantsOfUser(
  db: Db,
  userId: string,
): Promise<{ grant: SmartGrantRow; appName: string }[]> {
  return db
    .select({ grant: smartGrants, appName: smartApps.name })
    .from(smartGrants)
    .innerJoin(smartApps, eq(smartApps.id, smartGrants.appId))
    .where(and(eq(smartGrants.userId, userId), isNull(smartGrants.revokedAt)))
    .orderBy(desc(smartGrants.createdAt));
}

export async function insertToken(db: Db, values: typeof smartTokens.$inferInsert): Promise<void> {
  await db.insert(smartTokens).values(values);
}

/** A token by hash, with its grant and app, whatever its state (the caller decides). */
export async function findToken(db: Db, tokenHash: string, kind: 'access' | 'refresh') {
  const [row] = await db
    .select({ token: smartTokens, grant: smartGrants, app: smartApps })
    .from(smartTokens)
    .innerJoin(smartGrants, eq(smartGrants.id, smartTokens.grantId))
    .innerJoin(smartApps, eq(smartApps.id, smartGrants.appId))
    .where(and(eq(smartTokens.tokenHash, tokenHash), eq(smartTokens.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** Rotation: uses a refresh token once; false when it was used already. */
export async function useRefreshToken(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(smartTokens)
    .set({ usedAt: now })
    .where(and(eq(smartTokens.id, tokenId), isNull(smartTokens.usedAt)))
    .returning({ id: smartTokens.id });
  return rows.length === 1;
}

export async function findUserForGrant(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, memberType: users.memberType, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The clinics whose records a grant reaches: a patient's clinics, or a provider's. */
export async function clinicIdsOfUser(db: Db, userId: string, memberType: string): Promise<string[]> {
  if (memberType === 'patient') {
    const rows = await db
      .select({ clinicId: clinicPatients.clinicId })
      .from(clinicPatients)
      .where(eq(clinicPatients.userId, userId));
    return rows.map((row) => row.clinicId);
  }
  const rows = await db
    .select({ clinicId: providers.clinicId })
    .from(providers)
    .where(eq(providers.userId, userId));
  return rows.map((row) => row.clinicId);
}

/** Ends the user's live grants of one app (a new consent replaces them: one connection per app). */
export async function revokeGrantsOfApp(db: Db, userId: string, appId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(smartGrants)
    .set({ revokedAt: now })
    .where(and(eq(smartGrants.userId, userId), eq(smartGrants.appId, appId), isNull(smartGrants.revokedAt)))
    .returning({ id: smartGrants.id });
  return rows.map((row) => row.id);
}

/** The clinics of `clinicIds` with their names, by name (the provider's consent screen names them). */
export async function clinicsNamed(
  db: Db,
  clinicIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (clinicIds.length === 0) {
    return [];
  }
  return db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(inArray(clinics.id, [...clinicIds]))
    .orderBy(asc(clinics.name));
}
