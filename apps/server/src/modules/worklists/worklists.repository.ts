import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FlowStatus, NavigationStage } from '@app/contracts/worklists';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { flows, followUpAlerts, newsItems, patientNavigation } from '../../db/schema/clinic-admin.ts';

const patients = alias(users, 'patients');
const creators = alias(users, 'creators');

export function listNews(db: Db, clinicId: string) {
  return db
    .select({
      id: newsItems.id,
      title: newsItems.title,
      body: newsItems.body,
      publishedAt: newsItems.publishedAt,
    })
    .from(newsItems)
    .where(eq(newsItems.clinicId, clinicId))
    .orderBy(desc(newsItems.publishedAt))
    .limit(100);
}

export async function isClinicPatient(db: Db, clinicId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: clinicPatients.userId })
    .from(clinicPatients)
    .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.userId, userId)));
  return row !== undefined;
}

export function listFlows(db: Db, clinicId: string, patientId?: string) {
  return db
    .select({
      id: flows.id,
      title: flows.title,
      description: flows.description,
      status: flows.status,
      dueDate: flows.dueDate,
      patientId: flows.patientUserId,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      creatorFirstName: creators.firstName,
      creatorLastName: creators.lastName,
      createdAt: flows.createdAt,
    })
    .from(flows)
    .leftJoin(patients, eq(patients.id, flows.patientUserId))
    .innerJoin(creators, eq(creators.id, flows.createdByUserId))
    .where(and(eq(flows.clinicId, clinicId), patientId ? eq(flows.patientUserId, patientId) : undefined))
    .orderBy(desc(flows.createdAt))
    .limit(200);
}

export async function insertFlow(
  db: Db,
  values: {
    clinicId: string;
    patientUserId: string | null;
    title: string;
    description: string;
    dueDate: string | null;
    createdByUserId: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(flows).values(values).returning({ id: flows.id });
  if (!row) {
    throw new Error('flow was not created');
  }
  return row.id;
}

export async function updateFlowStatus(db: Db, clinicId: string, flowId: string, status: FlowStatus) {
  const rows = await db
    .update(flows)
    .set({ status })
    .where(and(eq(flows.id, flowId), eq(flows.clinicId, clinicId)))
    .returning({ id: flows.id });
  return rows.length > 0;
}

export function listFollowUps(db: Db, clinicId: string) {
  return db
    .select({
      id: followUpAlerts.id,
      patientId: followUpAlerts.patientUserId,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      message: followUpAlerts.message,
      severity: followUpAlerts.severity,
      createdAt: followUpAlerts.createdAt,
      seenAt: followUpAlerts.seenAt,
    })
    .from(followUpAlerts)
    .innerJoin(patients, eq(patients.id, followUpAlerts.patientUserId))
    .where(eq(followUpAlerts.clinicId, clinicId))
    .orderBy(desc(followUpAlerts.createdAt))
    .limit(200);
}

export async function countNewFollowUps(db: Db, clinicId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(followUpAlerts)
    .where(and(eq(followUpAlerts.clinicId, clinicId), isNull(followUpAlerts.seenAt)));
  return row?.n ?? 0;
}

/** True when the alert exists in the clinic (seen before or now). */
export async function markFollowUpSeen(db: Db, clinicId: string, alertId: string, by: string, now: Date) {
  const scope = and(eq(followUpAlerts.id, alertId), eq(followUpAlerts.clinicId, clinicId));
  await db
    .update(followUpAlerts)
    .set({ seenAt: now, seenByUserId: by })
    .where(and(scope, isNull(followUpAlerts.seenAt)));
  const [row] = await db.select({ id: followUpAlerts.id }).from(followUpAlerts).where(scope);
  return row !== undefined;
}

export function listNavigation(db: Db, clinicId: string) {
  return db
    .select({
      id: patientNavigation.id,
      patientId: patientNavigation.patientUserId,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      stage: patientNavigation.stage,
      note: patientNavigation.note,
      updatedAt: patientNavigation.updatedAt,
    })
    .from(patientNavigation)
    .innerJoin(patients, eq(patients.id, patientNavigation.patientUserId))
    .where(eq(patientNavigation.clinicId, clinicId))
    .orderBy(patients.lastName, patients.firstName)
    .limit(500);
}

export async function updateNavigation(
  db: Db,
  clinicId: string,
  entryId: string,
  change: { stage: NavigationStage; note?: string | undefined },
  now: Date,
) {
  const rows = await db
    .update(patientNavigation)
    .set({ stage: change.stage, ...(change.note === undefined ? {} : { note: change.note }), updatedAt: now })
    .where(and(eq(patientNavigation.id, entryId), eq(patientNavigation.clinicId, clinicId)))
    .returning({ id: patientNavigation.id });
  return rows.length > 0;
}
