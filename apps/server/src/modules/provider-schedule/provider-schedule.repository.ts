import { and, asc, eq, inArray, isNull, max, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { checkIns, quickLinks } from '../../db/schema/check-in.ts';
import { departments, providers } from '../../db/schema/clinics.ts';
import { balanceItems } from '../../db/schema/payments.ts';
import { appointmentVisits, clinicScheduleVersions, walkIns } from '../../db/schema/provider-visits.ts';

export type VisitRow = typeof appointmentVisits.$inferSelect;

export async function findVisits(db: Db, appointmentIds: string[]): Promise<Map<string, VisitRow>> {
  if (appointmentIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select()
    .from(appointmentVisits)
    .where(inArray(appointmentVisits.appointmentId, appointmentIds));
  return new Map(rows.map((row) => [row.appointmentId, row]));
}

export async function upsertVisit(
  db: Db,
  appointmentId: string,
  values: Partial<Omit<VisitRow, 'appointmentId'>>,
): Promise<void> {
  await db
    .insert(appointmentVisits)
    .values({ appointmentId, ...values })
    .onConflictDoUpdate({ target: appointmentVisits.appointmentId, set: values });
}

export async function findOutsideTimes(db: Db, appointmentIds: string[]): Promise<Map<string, Date>> {
  if (appointmentIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ appointmentId: checkIns.appointmentId, outsideAt: checkIns.outsideAt })
    .from(checkIns)
    .where(inArray(checkIns.appointmentId, appointmentIds));
  return new Map(rows.flatMap((row) => (row.outsideAt ? [[row.appointmentId, row.outsideAt]] : [])));
}

export async function findLastQuickLinks(db: Db, appointmentIds: string[]): Promise<Map<string, Date>> {
  if (appointmentIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ appointmentId: quickLinks.appointmentId, last: max(quickLinks.createdAt) })
    .from(quickLinks)
    .where(inArray(quickLinks.appointmentId, appointmentIds))
    .groupBy(quickLinks.appointmentId);
  return new Map(
    rows.flatMap((row) => (row.appointmentId && row.last ? [[row.appointmentId, row.last]] : [])),
  );
}

export async function findPatients(db: Db, userIds: string[]) {
  if (userIds.length === 0) {
    return new Map<string, { image: string | null; birthdate: string | null }>();
  }
  const rows = await db
    .select({ id: users.id, image: users.image, birthdate: users.birthdate })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, { image: row.image, birthdate: row.birthdate }]));
}

/** Open balances of the patients at one clinic, in cents. */
export async function findOpenBalanceCents(db: Db, clinicId: string, userIds: string[]) {
  if (userIds.length === 0) {
    return new Map<string, number>();
  }
  const rows = await db
    .select({ userId: balanceItems.userId, cents: sum(balanceItems.amountCents) })
    .from(balanceItems)
    .where(
      and(
        eq(balanceItems.clinicId, clinicId),
        inArray(balanceItems.userId, userIds),
        isNull(balanceItems.paidAt),
      ),
    )
    .groupBy(balanceItems.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.cents ?? 0)]));
}

export async function findDepartmentCities(db: Db, clinicId: string) {
  const rows = await db
    .select({ id: departments.id, city: departments.city })
    .from(departments)
    .where(eq(departments.clinicId, clinicId));
  return new Map(rows.map((row) => [row.id, row.city]));
}

export async function findProviderIdOfUser(db: Db, clinicId: string, userId: string) {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.clinicId, clinicId), eq(providers.userId, userId)));
  return row?.id ?? null;
}

/** Walk-ins still in line today (not arrived), created from `since` on. */
export async function listWalkIns(db: Db, clinicId: string, since: Date, departmentIds?: string[]) {
  const conditions = [
    eq(walkIns.clinicId, clinicId),
    isNull(walkIns.arrivedAt),
    sql`${walkIns.createdAt} >= ${since.toISOString()}::timestamptz`,
  ];
  if (departmentIds && departmentIds.length > 0) {
    conditions.push(inArray(walkIns.departmentId, departmentIds));
  }
  return db
    .select({
      id: walkIns.id,
      firstName: walkIns.firstName,
      lastName: walkIns.lastName,
      birthdate: walkIns.birthdate,
      departmentName: departments.name,
      eta: walkIns.eta,
    })
    .from(walkIns)
    .innerJoin(departments, eq(departments.id, walkIns.departmentId))
    .where(and(...conditions))
    .orderBy(asc(walkIns.eta), asc(walkIns.createdAt));
}

export async function markWalkInArrived(db: Db, clinicId: string, walkInId: string, now: Date) {
  const rows = await db
    .update(walkIns)
    .set({ arrivedAt: now })
    .where(and(eq(walkIns.id, walkInId), eq(walkIns.clinicId, clinicId), isNull(walkIns.arrivedAt)))
    .returning({ id: walkIns.id });
  return rows.length > 0;
}

/** clinic_schedule_versions of the clinic as text ('0' when none is stored yet; decision 0075). */
export async function findClinicScheduleVersion(db: Db, clinicId: string): Promise<string> {
  const [row] = await db
    .select({ version: clinicScheduleVersions.version })
    .from(clinicScheduleVersions)
    .where(eq(clinicScheduleVersions.clinicId, clinicId));
  return String(row?.version ?? 0);
}
