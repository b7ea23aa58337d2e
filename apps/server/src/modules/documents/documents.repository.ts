import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { signDocuments, signedDocuments } from '../../db/schema/documents.ts';

export type SignDocumentRow = typeof signDocuments.$inferSelect;
export type SignedDocumentRow = typeof signedDocuments.$inferSelect;

export async function findClinicDocuments(
  db: Db,
  clinicId: string,
  ids: string[],
): Promise<SignDocumentRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select()
    .from(signDocuments)
    .where(and(eq(signDocuments.clinicId, clinicId), inArray(signDocuments.id, ids)));
  // In the order the task setting lists them.
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

export async function findSignedOfTask(db: Db, taskId: string): Promise<SignedDocumentRow[]> {
  return db.select().from(signedDocuments).where(eq(signedDocuments.taskId, taskId));
}

/** The new row, or null when this document was already signed for this task (two tabs). */
export async function insertSigned(
  db: Db,
  values: typeof signedDocuments.$inferInsert,
): Promise<SignedDocumentRow | null> {
  const [row] = await db.insert(signedDocuments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findUserName(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}
