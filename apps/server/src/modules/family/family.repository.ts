import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { familyMembers } from '../../db/schema/family.ts';

export async function listFamilyMembers(db: Db, primaryUserId: string) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      memberType: users.memberType,
      memberId: users.memberId,
    })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.memberUserId))
    .where(eq(familyMembers.primaryUserId, primaryUserId))
    .orderBy(asc(familyMembers.createdAt));
}

export async function countFamilyMembers(db: Db, primaryUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(familyMembers)
    .where(eq(familyMembers.primaryUserId, primaryUserId));
  return row?.n ?? 0;
}

export async function isFamilyLinked(db: Db, primaryUserId: string, memberUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(and(eq(familyMembers.primaryUserId, primaryUserId), eq(familyMembers.memberUserId, memberUserId)));
  return row !== undefined;
}

export async function insertFamilyLink(db: Db, primaryUserId: string, memberUserId: string, now: Date) {
  await db
    .insert(familyMembers)
    .values({ primaryUserId, memberUserId, createdAt: now })
    .onConflictDoNothing({ target: [familyMembers.primaryUserId, familyMembers.memberUserId] });
}

export async function deleteFamilyLink(
  db: Db,
  primaryUserId: string,
  memberUserId: string,
): Promise<boolean> {
  const rows = await db
    .delete(familyMembers)
    .where(and(eq(familyMembers.primaryUserId, primaryUserId), eq(familyMembers.memberUserId, memberUserId)))
    .returning({ id: familyMembers.id });
  return rows.length > 0;
}
