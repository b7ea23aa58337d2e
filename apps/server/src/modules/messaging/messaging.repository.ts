import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, clinics, departments, providers } from '../../db/schema/clinics.ts';
import {
  bulkMessages,
  clinicSmsMessages,
  messageThreadParticipants,
  messageThreads,
  smsOptOuts,
  smsTemplates,
  threadMessages,
} from '../../db/schema/messaging.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { appointments } from '../../db/schema/scheduling.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** A search term as an ILIKE pattern, its wildcards taken literally. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// --- Threads ----------------------------------------------------------------------------------

export interface ThreadFilter {
  clinicId?: string;
  /** Only threads this patient takes part in. */
  patientId?: string;
  threadId?: string;
}

/** The threads the user takes part in, newest activity first. */
export async function findThreadsOfUser(db: Queryable, userId: string, filter: ThreadFilter) {
  const conditions: (SQL | undefined)[] = [eq(messageThreadParticipants.userId, userId)];
  if (filter.clinicId) {
    conditions.push(eq(messageThreads.clinicId, filter.clinicId));
  }
  if (filter.threadId) {
    conditions.push(eq(messageThreads.id, filter.threadId));
  }
  if (filter.patientId) {
    conditions.push(
      sql`exists (select 1 from ${messageThreadParticipants} p2 where p2.thread_id = ${messageThreads.id} and p2.user_id = ${filter.patientId} and p2.kind = 'patient')`,
    );
  }
  return db
    .select({
      id: messageThreads.id,
      clinicId: messageThreads.clinicId,
      clinicName: clinics.name,
      subject: messageThreads.subject,
      lastMessageAt: messageThreads.lastMessageAt,
      lastReadSeq: messageThreadParticipants.lastReadSeq,
    })
    .from(messageThreads)
    .innerJoin(messageThreadParticipants, eq(messageThreadParticipants.threadId, messageThreads.id))
    .innerJoin(clinics, eq(clinics.id, messageThreads.clinicId))
    .where(and(...conditions))
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
    .limit(200);
}

export async function findParticipants(db: Queryable, threadIds: string[]) {
  if (threadIds.length === 0) {
    return [];
  }
  return db
    .select({
      threadId: messageThreadParticipants.threadId,
      userId: messageThreadParticipants.userId,
      kind: messageThreadParticipants.kind,
      name: fullName,
    })
    .from(messageThreadParticipants)
    .innerJoin(users, eq(users.id, messageThreadParticipants.userId))
    .where(inArray(messageThreadParticipants.threadId, threadIds))
    .orderBy(asc(messageThreadParticipants.kind), asc(users.lastName));
}

/** The newest message of each thread. */
export async function findLastMessages(db: Queryable, threadIds: string[]) {
  if (threadIds.length === 0) {
    return [];
  }
  return db
    .selectDistinctOn([threadMessages.threadId], {
      threadId: threadMessages.threadId,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
      senderName: fullName,
    })
    .from(threadMessages)
    .innerJoin(users, eq(users.id, threadMessages.senderUserId))
    .where(inArray(threadMessages.threadId, threadIds))
    .orderBy(threadMessages.threadId, desc(threadMessages.seq));
}

/** Per thread: messages of others the user has not read yet. */
export async function countUnreadByThread(db: Queryable, userId: string, threadIds: string[]) {
  if (threadIds.length === 0) {
    return [];
  }
  return db
    .select({ threadId: threadMessages.threadId, unread: count() })
    .from(threadMessages)
    .innerJoin(
      messageThreadParticipants,
      and(
        eq(messageThreadParticipants.threadId, threadMessages.threadId),
        eq(messageThreadParticipants.userId, userId),
      ),
    )
    .where(
      and(
        inArray(threadMessages.threadId, threadIds),
        ne(threadMessages.senderUserId, userId),
        gt(threadMessages.seq, messageThreadParticipants.lastReadSeq),
      ),
    )
    .groupBy(threadMessages.threadId);
}

/** Unread messages of others in all the user's threads (of one clinic when given). */
export async function countUnread(db: Queryable, userId: string, clinicId?: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(threadMessages)
    .innerJoin(
      messageThreadParticipants,
      and(
        eq(messageThreadParticipants.threadId, threadMessages.threadId),
        eq(messageThreadParticipants.userId, userId),
      ),
    )
    .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
    .where(
      and(
        ne(threadMessages.senderUserId, userId),
        gt(threadMessages.seq, messageThreadParticipants.lastReadSeq),
        clinicId ? eq(messageThreads.clinicId, clinicId) : undefined,
      ),
    );
  return row?.value ?? 0;
}

/**
 * One page of a thread, newest first: `limit` messages before the sequence number `before` (all
 * when null). Served by thread_messages_thread_idx (thread_id, seq) read backwards.
 */
export async function findMessagesPage(
  db: Queryable,
  threadId: string,
  before: number | null,
  limit: number,
) {
  return db
    .select({
      id: threadMessages.id,
      seq: threadMessages.seq,
      senderId: threadMessages.senderUserId,
      senderName: fullName,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
    })
    .from(threadMessages)
    .innerJoin(users, eq(users.id, threadMessages.senderUserId))
    .where(
      and(
        eq(threadMessages.threadId, threadId),
        before === null ? undefined : lt(threadMessages.seq, before),
      ),
    )
    .orderBy(desc(threadMessages.seq))
    .limit(limit);
}

/**
 * The user's place in the thread (of that clinic when given) and their name, or undefined when they
 * take no part in it: the one read a send needs before it writes.
 */
export async function findParticipation(db: Queryable, threadId: string, userId: string, clinicId?: string) {
  const [row] = await db
    .select({ kind: messageThreadParticipants.kind, senderName: fullName })
    .from(messageThreadParticipants)
    .innerJoin(messageThreads, eq(messageThreads.id, messageThreadParticipants.threadId))
    .innerJoin(users, eq(users.id, messageThreadParticipants.userId))
    .where(
      and(
        eq(messageThreadParticipants.threadId, threadId),
        eq(messageThreadParticipants.userId, userId),
        clinicId ? eq(messageThreads.clinicId, clinicId) : undefined,
      ),
    );
  return row;
}

export async function insertThread(
  tx: Queryable,
  values: { clinicId: string; subject: string; createdByUserId: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(messageThreads)
    .values({
      clinicId: values.clinicId,
      subject: values.subject,
      createdByUserId: values.createdByUserId,
      createdAt: values.now,
      lastMessageAt: values.now,
    })
    .returning({ id: messageThreads.id });
  if (!row) {
    throw new Error('thread was not created');
  }
  return row.id;
}

export async function insertParticipants(
  tx: Queryable,
  threadId: string,
  participants: { userId: string; kind: 'patient' | 'provider' }[],
) {
  await tx.insert(messageThreadParticipants).values(participants.map((p) => ({ threadId, ...p })));
}

/**
 * Adds a message, moves the thread's activity time and marks it read for its sender, in ONE statement
 * (issue 20 item 4, decision 0083). The two updates lock the thread's row and the sender's
 * participation row until the transaction commits; as separate statements they held those locks for
 * four round trips, and every other sender to the thread waited that long. The id is made here, so the
 * statement needs to answer nothing; the sender's read mark moves to their own message (never back).
 */
export async function insertMessage(
  tx: Queryable,
  values: { threadId: string; senderUserId: string; body: string; now: Date },
): Promise<{ id: string; createdAt: Date }> {
  const id = randomUUID();
  const column = (name: string) => sql.identifier(name);
  await tx.execute(sql`
    with inserted as (
      insert into ${threadMessages}
        (${column(threadMessages.id.name)}, ${column(threadMessages.threadId.name)},
         ${column(threadMessages.senderUserId.name)}, ${column(threadMessages.body.name)},
         ${column(threadMessages.createdAt.name)})
      values (${id}, ${values.threadId}, ${values.senderUserId}, ${values.body}, ${values.now})
      returning ${column(threadMessages.seq.name)} as seq
    ), moved_thread as (
      update ${messageThreads} set ${column(messageThreads.lastMessageAt.name)} = ${values.now}
      where ${column(messageThreads.id.name)} = ${values.threadId}
    )
    update ${messageThreadParticipants}
    set ${column(messageThreadParticipants.lastReadSeq.name)} =
      greatest(${column(messageThreadParticipants.lastReadSeq.name)}, (select seq from inserted))
    where ${column(messageThreadParticipants.threadId.name)} = ${values.threadId}
      and ${column(messageThreadParticipants.userId.name)} = ${values.senderUserId}`);
  return { id, createdAt: values.now };
}

/** Everything in the thread up to now counts as read by the user. */
export async function markRead(db: Queryable, threadId: string, userId: string) {
  await db
    .update(messageThreadParticipants)
    .set({
      lastReadSeq: sql`coalesce((select max(${threadMessages.seq}) from ${threadMessages} where ${threadMessages.threadId} = ${threadId}), 0)`,
    })
    .where(
      and(eq(messageThreadParticipants.threadId, threadId), eq(messageThreadParticipants.userId, userId)),
    );
}

export async function findParticipantIds(db: Queryable, threadId: string) {
  return db
    .select({ userId: messageThreadParticipants.userId, kind: messageThreadParticipants.kind })
    .from(messageThreadParticipants)
    .where(eq(messageThreadParticipants.threadId, threadId));
}

// --- People of a clinic -----------------------------------------------------------------------

/** Active or pending patients registered at the clinic, by name or member number. */
export async function searchClinicPatients(db: Queryable, clinicId: string, term: string, limit = 25) {
  const pattern = likePattern(term);
  return db
    .select({
      userId: users.id,
      name: fullName,
      birthdate: users.birthdate,
    })
    .from(clinicPatients)
    .innerJoin(users, eq(users.id, clinicPatients.userId))
    .where(
      and(
        eq(clinicPatients.clinicId, clinicId),
        eq(users.memberType, 'patient'),
        ne(users.status, 'inactive'),
        term
          ? or(ilike(fullName, pattern), ilike(users.lastName, pattern), ilike(users.memberId, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(limit);
}

export async function searchClinicProviders(
  db: Queryable,
  clinicId: string,
  term: string,
  excludeUserId: string,
  limit = 25,
) {
  const pattern = likePattern(term);
  return db
    .select({ userId: users.id, name: fullName, title: providers.title })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(
      and(
        eq(providers.clinicId, clinicId),
        ne(users.id, excludeUserId),
        eq(users.status, 'active'),
        term ? ilike(fullName, pattern) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(limit);
}

/** The given users that are patients of the clinic (not closed), with what an SMS needs. */
export async function findClinicPatients(db: Queryable, clinicId: string, userIds: string[]) {
  if (userIds.length === 0) {
    return [];
  }
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      mobilePhone: users.mobilePhone,
      optedOutAt: smsOptOuts.optedOutAt,
    })
    .from(clinicPatients)
    .innerJoin(users, eq(users.id, clinicPatients.userId))
    .leftJoin(smsOptOuts, eq(smsOptOuts.userId, users.id))
    .where(
      and(
        eq(clinicPatients.clinicId, clinicId),
        inArray(users.id, userIds),
        eq(users.memberType, 'patient'),
        ne(users.status, 'inactive'),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** Patients with a live (not cancelled) visit at the clinic on those local dates. */
export async function findPatientIdsWithAppointments(
  db: Queryable,
  clinicId: string,
  from: string,
  to: string,
  departmentId: string | null,
  limit: number,
): Promise<string[]> {
  const localDate = sql`(${appointments.startAt} at time zone ${departments.timezone})::date`;
  const rows = await db
    .selectDistinct({ userId: appointments.patientUserId })
    .from(appointments)
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .where(
      and(
        eq(appointments.clinicId, clinicId),
        ne(appointments.status, 'cancelled'),
        gte(localDate, from),
        lte(localDate, to),
        departmentId ? eq(appointments.departmentId, departmentId) : undefined,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** The given providers of the clinic (active accounts). */
export async function findClinicProviders(db: Queryable, clinicId: string, userIds: string[]) {
  if (userIds.length === 0) {
    return [];
  }
  return db
    .select({ userId: providers.userId })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(
      and(eq(providers.clinicId, clinicId), inArray(providers.userId, userIds), eq(users.status, 'active')),
    );
}

export async function findClinicName(db: Queryable, clinicId: string): Promise<string> {
  const [row] = await db.select({ name: clinics.name }).from(clinics).where(eq(clinics.id, clinicId));
  return row?.name ?? '';
}

export async function findDepartments(db: Queryable, clinicId: string) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.clinicId, clinicId))
    .orderBy(asc(departments.name));
}

export async function findUserName(db: Queryable, userId: string): Promise<string> {
  const [row] = await db.select({ name: fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

// --- SMS templates ----------------------------------------------------------------------------

const templateColumns = {
  id: smsTemplates.id,
  name: smsTemplates.name,
  body: smsTemplates.body,
  updatedAt: smsTemplates.updatedAt,
};

export async function findTemplates(db: Queryable, clinicId: string) {
  return db
    .select(templateColumns)
    .from(smsTemplates)
    .where(eq(smsTemplates.clinicId, clinicId))
    .orderBy(asc(smsTemplates.name));
}

export async function insertTemplate(
  db: Queryable,
  values: { clinicId: string; name: string; body: string; now: Date },
) {
  const [row] = await db
    .insert(smsTemplates)
    .values({
      clinicId: values.clinicId,
      name: values.name,
      body: values.body,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning(templateColumns);
  return row;
}

export async function updateTemplate(
  db: Queryable,
  clinicId: string,
  templateId: string,
  values: { name: string; body: string; now: Date },
) {
  const [row] = await db
    .update(smsTemplates)
    .set({ name: values.name, body: values.body, updatedAt: values.now })
    .where(and(eq(smsTemplates.id, templateId), eq(smsTemplates.clinicId, clinicId)))
    .returning(templateColumns);
  return row;
}

export async function deleteTemplate(db: Queryable, clinicId: string, templateId: string) {
  const rows = await db
    .delete(smsTemplates)
    .where(and(eq(smsTemplates.id, templateId), eq(smsTemplates.clinicId, clinicId)))
    .returning({ id: smsTemplates.id });
  return rows.length > 0;
}

// --- SMS and bulk sends -----------------------------------------------------------------------

export async function insertSms(
  tx: Queryable,
  values: {
    clinicId: string;
    patientUserId: string;
    senderUserId: string;
    bulkMessageId: string | null;
    body: string;
    outboxMessageId: string | null;
    skipReason: 'opted-out' | 'no-phone' | null;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(clinicSmsMessages)
    .values({
      clinicId: values.clinicId,
      patientUserId: values.patientUserId,
      senderUserId: values.senderUserId,
      bulkMessageId: values.bulkMessageId,
      body: values.body,
      outboxMessageId: values.outboxMessageId,
      skipReason: values.skipReason,
      createdAt: values.now,
    })
    .returning({ id: clinicSmsMessages.id });
  if (!row) {
    throw new Error('text message was not recorded');
  }
  return row.id;
}

const smsColumns = {
  id: clinicSmsMessages.id,
  patientId: clinicSmsMessages.patientUserId,
  patientName: fullName,
  firstName: users.firstName,
  mobilePhone: users.mobilePhone,
  body: clinicSmsMessages.body,
  skipReason: clinicSmsMessages.skipReason,
  outboxStatus: outboxMessages.status,
  createdAt: clinicSmsMessages.createdAt,
};

export async function findSmsOfPatient(db: Queryable, clinicId: string, patientUserId: string) {
  return db
    .select(smsColumns)
    .from(clinicSmsMessages)
    .innerJoin(users, eq(users.id, clinicSmsMessages.patientUserId))
    .leftJoin(outboxMessages, eq(outboxMessages.id, clinicSmsMessages.outboxMessageId))
    .where(and(eq(clinicSmsMessages.clinicId, clinicId), eq(clinicSmsMessages.patientUserId, patientUserId)))
    .orderBy(desc(clinicSmsMessages.createdAt))
    .limit(100);
}

export async function findSmsOfBulk(db: Queryable, bulkMessageId: string) {
  return db
    .select(smsColumns)
    .from(clinicSmsMessages)
    .innerJoin(users, eq(users.id, clinicSmsMessages.patientUserId))
    .leftJoin(outboxMessages, eq(outboxMessages.id, clinicSmsMessages.outboxMessageId))
    .where(eq(clinicSmsMessages.bulkMessageId, bulkMessageId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function insertBulk(
  tx: Queryable,
  values: { clinicId: string; senderUserId: string; body: string; now: Date },
) {
  const [row] = await tx
    .insert(bulkMessages)
    .values({
      clinicId: values.clinicId,
      senderUserId: values.senderUserId,
      body: values.body,
      createdAt: values.now,
    })
    .returning({ id: bulkMessages.id });
  if (!row) {
    throw new Error('bulk message was not stored');
  }
  return row.id;
}

export async function findBulk(db: Queryable, clinicId: string, bulkId: string) {
  const [row] = await db
    .select({
      id: bulkMessages.id,
      body: bulkMessages.body,
      createdAt: bulkMessages.createdAt,
      senderName: fullName,
    })
    .from(bulkMessages)
    .innerJoin(users, eq(users.id, bulkMessages.senderUserId))
    .where(and(eq(bulkMessages.id, bulkId), eq(bulkMessages.clinicId, clinicId)));
  return row;
}

export async function findBulkList(db: Queryable, clinicId: string) {
  return db
    .select({
      id: bulkMessages.id,
      body: bulkMessages.body,
      createdAt: bulkMessages.createdAt,
      senderName: fullName,
      recipientCount: sql<number>`(select count(*)::int from ${clinicSmsMessages} where ${clinicSmsMessages.bulkMessageId} = ${bulkMessages.id})`,
    })
    .from(bulkMessages)
    .innerJoin(users, eq(users.id, bulkMessages.senderUserId))
    .where(eq(bulkMessages.clinicId, clinicId))
    .orderBy(desc(bulkMessages.createdAt))
    .limit(50);
}

// --- Opt-out ----------------------------------------------------------------------------------

export async function findOptOut(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: smsOptOuts.userId })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.userId, userId));
  return row !== undefined;
}

export async function setOptOut(db: Queryable, userId: string, optOut: boolean, now: Date) {
  if (optOut) {
    await db.insert(smsOptOuts).values({ userId, optedOutAt: now }).onConflictDoNothing();
  } else {
    await db.delete(smsOptOuts).where(eq(smsOptOuts.userId, userId));
  }
}
