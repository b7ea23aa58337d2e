import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { signDocuments, signedDocuments } from '../../db/schema/documents.ts';
import { patientTimeEntries } from '../../db/schema/provider-data.ts';

const patientColumns = {
  id: users.id,
  memberId: users.memberId,
  firstName: users.firstName,
  lastName: users.lastName,
  birthdate: users.birthdate,
  image: users.image,
  email: users.email,
  mobilePhone: users.mobilePhone,
};
export type ChartPatientRow = { [K in keyof typeof patientColumns]: (typeof users.$inferSelect)[K] };

const atClinic = (clinicId: string) =>
  and(eq(clinicPatients.clinicId, clinicId), eq(users.memberType, 'patient'), ne(users.status, 'inactive'));

/** A patient registered at the clinic (not closed), or null. */
export async function findClinicPatient(
  db: Db,
  clinicId: string,
  patientUserId: string,
): Promise<ChartPatientRow | null> {
  const [row] = await db
    .select(patientColumns)
    .from(clinicPatients)
    .innerJoin(users, eq(users.id, clinicPatients.userId))
    .where(and(atClinic(clinicId), eq(users.id, patientUserId)));
  return row ?? null;
}

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * spec 3 §2 Patient search: every word of the query starts a word of the first or last name, or the
 * whole query is the member number; optionally the date of birth.
 */
export async function searchClinicPatients(
  db: Db,
  clinicId: string,
  search: { query: string; birthDate?: string | undefined },
  limit: number,
  /** The appointment look-up (decision 0041) matches names only: its answer shows no member number. */
  options: { matchMemberId?: boolean } = {},
): Promise<ChartPatientRow[]> {
  const words = search.query.split(/\s+/).filter(Boolean).slice(0, 5);
  // A word matches the start of the first or last name, or of a later word in them ("Mary Ann").
  const byName: SQL[] = words.map((word) => {
    const prefix = likePrefix(word);
    const inner = `% ${prefix}`;
    return sql`(lower(${users.firstName}) like ${prefix} or lower(${users.lastName}) like ${prefix} or lower(${users.firstName}) like ${inner} or lower(${users.lastName}) like ${inner})`;
  });
  const matchMemberId = options.matchMemberId ?? true;
  const text =
    words.length === 0
      ? undefined
      : matchMemberId
        ? or(and(...byName), eq(users.memberId, search.query))
        : and(...byName);
  return db
    .select(patientColumns)
    .from(clinicPatients)
    .innerJoin(users, eq(users.id, clinicPatients.userId))
    .where(
      and(atClinic(clinicId), text, search.birthDate ? eq(users.birthdate, search.birthDate) : undefined),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

export async function findSignedDocuments(db: Db, clinicId: string, patientUserId: string) {
  return db
    .select({
      id: signedDocuments.id,
      title: signDocuments.title,
      signerName: signedDocuments.signerName,
      signedAt: signedDocuments.signedAt,
      fileId: signedDocuments.fileId,
    })
    .from(signedDocuments)
    .innerJoin(signDocuments, eq(signDocuments.id, signedDocuments.documentId))
    .where(and(eq(signedDocuments.clinicId, clinicId), eq(signedDocuments.userId, patientUserId)))
    .orderBy(desc(signedDocuments.signedAt))
    .limit(200);
}

export type TimeEntryRow = typeof patientTimeEntries.$inferSelect;
interface TimeOwner {
  clinicId: string;
  providerUserId: string;
  patientUserId: string;
}
const ownedBy = (owner: TimeOwner) =>
  and(
    eq(patientTimeEntries.clinicId, owner.clinicId),
    eq(patientTimeEntries.providerUserId, owner.providerUserId),
    eq(patientTimeEntries.patientUserId, owner.patientUserId),
  );

export async function findTimeEntries(db: Db, owner: TimeOwner): Promise<TimeEntryRow[]> {
  return db
    .select()
    .from(patientTimeEntries)
    .where(ownedBy(owner))
    .orderBy(desc(patientTimeEntries.startedAt))
    .limit(200);
}

/** Starts a timer; null when one is running already (the partial unique index). */
export async function insertRunningEntry(db: Db, owner: TimeOwner, now: Date): Promise<TimeEntryRow | null> {
  const [row] = await db
    .insert(patientTimeEntries)
    .values({ ...owner, startedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function stopEntry(
  db: Db,
  owner: TimeOwner,
  entryId: string,
  now: Date,
  note: string | null,
): Promise<TimeEntryRow | null> {
  const [row] = await db
    .update(patientTimeEntries)
    .set({ stoppedAt: now, note })
    .where(and(ownedBy(owner), eq(patientTimeEntries.id, entryId), isNull(patientTimeEntries.stoppedAt)))
    .returning();
  return row ?? null;
}

export async function findEntry(db: Db, owner: TimeOwner, entryId: string): Promise<TimeEntryRow | null> {
  const [row] = await db
    .select()
    .from(patientTimeEntries)
    .where(and(ownedBy(owner), eq(patientTimeEntries.id, entryId)));
  return row ?? null;
}
