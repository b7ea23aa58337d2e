import { and, count, desc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InsuranceCardKind, InsuranceQueueQuery } from '@app/contracts/insurance';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { departments, providers } from '../../db/schema/clinics.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { insuranceCards } from '../../db/schema/insurance.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export type InsuranceCardRow = typeof insuranceCards.$inferSelect;
export interface CardWithPatient {
  card: InsuranceCardRow;
  patient: { id: string; firstName: string; lastName: string; image: string | null };
}

const cardColumns = {
  card: insuranceCards,
  patient: { id: users.id, firstName: users.firstName, lastName: users.lastName, image: users.image },
};

export async function findCards(
  db: Db,
  where: { clinicId: string; userId: string; kind?: InsuranceCardKind },
): Promise<CardWithPatient[]> {
  return db
    .select(cardColumns)
    .from(insuranceCards)
    .innerJoin(users, eq(users.id, insuranceCards.userId))
    .where(
      and(
        eq(insuranceCards.clinicId, where.clinicId),
        eq(insuranceCards.userId, where.userId),
        where.kind ? eq(insuranceCards.kind, where.kind) : undefined,
      ),
    )
    .orderBy(insuranceCards.kind);
}

/** `now` (context.now) dates a new card; a card saved again keeps when it was first uploaded. */
export async function upsertCard(
  db: Db,
  values: Omit<typeof insuranceCards.$inferInsert, 'createdAt'>,
  now: Date,
): Promise<InsuranceCardRow> {
  const { clinicId, userId, kind, ...changes } = values;
  const [row] = await db
    .insert(insuranceCards)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [insuranceCards.clinicId, insuranceCards.userId, insuranceCards.kind],
      set: changes,
    })
    .returning();
  if (!row || row.clinicId !== clinicId || row.userId !== userId || row.kind !== kind) {
    throw new Error('insurance card upsert did not return the card');
  }
  return row;
}

/** spec 3 §7 list/count filters: locations and providers through the card's appointments. */
function queueWhere(query: InsuranceQueueQuery): SQL | undefined {
  const through = (
    column: typeof appointments.departmentId | typeof appointments.providerId,
    ids: string[],
  ) =>
    sql`exists (select 1 from ${appointments} where ${appointments.id} = any(${insuranceCards.listAppointmentId}) and ${inArray(column, ids)})`;
  return and(
    eq(insuranceCards.clinicId, query.clinicUuid),
    eq(insuranceCards.status, query.status),
    query.listDepartmentUuid.length > 0
      ? through(appointments.departmentId, query.listDepartmentUuid)
      : undefined,
    query.listProviderId.length > 0 ? through(appointments.providerId, query.listProviderId) : undefined,
  );
}

export async function findQueue(db: Db, query: InsuranceQueueQuery): Promise<CardWithPatient[]> {
  return db
    .select(cardColumns)
    .from(insuranceCards)
    .innerJoin(users, eq(users.id, insuranceCards.userId))
    .where(queueWhere(query))
    .orderBy(desc(insuranceCards.updatedAt), insuranceCards.id)
    .offset(query.offset)
    .limit(query.limit);
}

/** Where a card sits in the queue's order (updated newest first, then id). */
export interface QueueKey {
  id: string;
  updatedAt: Date;
}

/** The queue's key of one card of the clinic (any status); null when it is not the clinic's. */
export async function findQueueKey(db: Db, clinicId: string, cardId: string): Promise<QueueKey | null> {
  const [row] = await db
    .select({ id: insuranceCards.id, updatedAt: insuranceCards.updatedAt })
    .from(insuranceCards)
    .where(and(eq(insuranceCards.clinicId, clinicId), eq(insuranceCards.id, cardId)));
  return row ?? null;
}

/** Cards of the queue that sort strictly after `key` (the order of findQueue). */
function afterKey(key: QueueKey): SQL | undefined {
  return or(
    lt(insuranceCards.updatedAt, key.updatedAt),
    and(eq(insuranceCards.updatedAt, key.updatedAt), gt(insuranceCards.id, key.id)),
  );
}

/** The first card of the queue after `key`, and how many queue cards come before it (its offset). */
export async function findQueueAfter(
  db: Db,
  query: InsuranceQueueQuery,
  key: QueueKey,
): Promise<{ row: CardWithPatient; offset: number } | null> {
  const [row] = await db
    .select(cardColumns)
    .from(insuranceCards)
    .innerJoin(users, eq(users.id, insuranceCards.userId))
    .where(and(queueWhere(query), afterKey(key)))
    .orderBy(desc(insuranceCards.updatedAt), insuranceCards.id)
    .limit(1);
  if (!row) {
    return null;
  }
  const [before] = await db
    .select({ value: count() })
    .from(insuranceCards)
    .where(
      and(
        queueWhere(query),
        or(
          gt(insuranceCards.updatedAt, row.card.updatedAt),
          and(eq(insuranceCards.updatedAt, row.card.updatedAt), lt(insuranceCards.id, row.card.id)),
        ),
      ),
    );
  return { row, offset: before?.value ?? 0 };
}

/** The first card of the queue other than `cardId` (the wrap of Next). */
export async function findQueueFirstOther(
  db: Db,
  query: InsuranceQueueQuery,
  cardId: string,
): Promise<CardWithPatient | null> {
  const [row] = await db
    .select(cardColumns)
    .from(insuranceCards)
    .innerJoin(users, eq(users.id, insuranceCards.userId))
    .where(and(queueWhere(query), ne(insuranceCards.id, cardId)))
    .orderBy(desc(insuranceCards.updatedAt), insuranceCards.id)
    .limit(1);
  return row ?? null;
}

export async function countQueue(db: Db, query: InsuranceQueueQuery): Promise<number> {
  const [row] = await db.select({ value: count() }).from(insuranceCards).where(queueWhere(query));
  return row?.value ?? 0;
}

export async function findPatientAppointment(
  db: Db,
  appointmentId: string,
): Promise<{ id: string; clinicId: string; patientUserId: string } | null> {
  const [row] = await db
    .select({
      id: appointments.id,
      clinicId: appointments.clinicId,
      patientUserId: appointments.patientUserId,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row ?? null;
}

/** One card by its id within (clinic, patient, kind), locked for a status change. */
export async function lockCard(
  tx: Queryable,
  where: { id: string; clinicId: string; userId: string; kind: InsuranceCardKind },
): Promise<InsuranceCardRow | null> {
  const [row] = await tx
    .select()
    .from(insuranceCards)
    .where(
      and(
        eq(insuranceCards.id, where.id),
        eq(insuranceCards.clinicId, where.clinicId),
        eq(insuranceCards.userId, where.userId),
        eq(insuranceCards.kind, where.kind),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function setCardStatus(
  tx: Queryable,
  id: string,
  status: InsuranceCardRow['status'],
): Promise<void> {
  await tx.update(insuranceCards).set({ status }).where(eq(insuranceCards.id, id));
}

/** The latest of the card's appointments with its doctor and department (spec 3 §2 card view). */
export async function findCardAppointment(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0) {
    return null;
  }
  const [row] = await db
    .select({
      id: appointments.id,
      startAt: appointments.startAt,
      doctorFirstName: users.firstName,
      doctorLastName: users.lastName,
      doctorTitle: providers.title,
      departmentName: departments.name,
      timezone: departments.timezone,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(users, eq(users.id, providers.userId))
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .where(inArray(appointments.id, appointmentIds))
    .orderBy(desc(appointments.startAt))
    .limit(1);
  return row ?? null;
}
