import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, clinics } from '../../db/schema/clinics.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export interface PersonIdentity {
  firstName: string;
  lastName: string;
  birthdate: string;
  /** Lower-case email, or null when not given. */
  email: string | null;
  /** E.164 mobile phone, or null when not given. */
  mobilePhone: string | null;
}

/**
 * Whether this person already has an account (spec 1 §4 userExists): same first and last name
 * (case-insensitive) and birthdate, and the same email or mobile phone. Closed accounts do not count.
 */
export async function personExists(db: Queryable, person: PersonIdentity): Promise<boolean> {
  const contact = [
    person.email ? sql`lower(${users.email}) = ${person.email}` : undefined,
    person.mobilePhone ? eq(users.mobilePhone, person.mobilePhone) : undefined,
  ].filter((condition) => condition !== undefined);
  if (contact.length === 0) {
    return false;
  }
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.firstName}) = ${person.firstName.toLowerCase()}`,
        sql`lower(${users.lastName}) = ${person.lastName.toLowerCase()}`,
        eq(users.birthdate, person.birthdate),
        ne(users.status, 'inactive'),
        or(...contact),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Usernames are unique regardless of case (users_username_lower_unique). */
export async function usernameTaken(db: Queryable, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/**
 * Serialises sign-ups of one person (until the transaction ends), so two parallel creates with the
 * same identity cannot both pass the personExists check. Usernames have their unique index instead.
 */
export async function lockIdentity(tx: Tx, person: PersonIdentity): Promise<void> {
  const key = `sign-up:${person.firstName.toLowerCase()}:${person.lastName.toLowerCase()}:${person.birthdate}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export type NewPatient = typeof users.$inferInsert;

export async function insertPatient(tx: Tx, values: NewPatient) {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) {
    throw new Error('user was not created');
  }
  return row;
}

/** spec 2 §6 waitlist source rule: sign-ups count as source 'portal'. */
export async function registerAtClinic(tx: Tx, clinicId: string, userId: string, now: Date): Promise<void> {
  await tx
    .insert(clinicPatients)
    .values({ clinicId, userId, source: 'portal', registeredAt: now })
    .onConflictDoNothing();
}

export async function clinicExists(db: Queryable, clinicId: string): Promise<boolean> {
  const [row] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, clinicId)).limit(1);
  return row !== undefined;
}

/** Whether the user still has no security question (null when there is no such user). */
export async function securityQuestionIsEmpty(db: Db, userId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ question: users.securityQuestion })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? row.question === null : null;
}
