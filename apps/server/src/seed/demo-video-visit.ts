import { and, asc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { consultationTypes, providerSchedules, providers } from '../db/schema/clinics.ts';
import { appointments } from '../db/schema/scheduling.ts';

// Issue 16 item 5: a telehealth visit between jane.patient and dr.smith that a newcomer can join
// whenever the portal runs. The demo seed happens once, so a visit seeded then would be in the past by
// the next day; instead the server keeps one visit (marked by its external id) open "now": at start and
// every minute it moves that visit to start at the current five-minute mark once it has ended, was
// cancelled or was completed. Only in development with demo data (server.ts), never in production.

export const DEMO_VIDEO_VISIT_EXTERNAL_ID = 'demo-video-visit';
const PATIENT = 'jane.patient';
const PROVIDER = 'dr.smith';
const VIDEO_TYPE = 'Telehealth visit';
/** How often the running server checks the visit (an interval, not business time). */
export const DEMO_VIDEO_VISIT_CHECK_MS = 60_000;

export type DemoVideoVisitResult = 'created' | 'moved' | 'kept' | 'no-demo';

async function demoParties(db: Db) {
  const [patient] = await db.select({ id: users.id }).from(users).where(eq(users.username, PATIENT));
  const [provider] = await db
    .select({ id: providers.id, clinicId: providers.clinicId })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(users.username, PROVIDER));
  if (!patient || !provider) {
    return null;
  }
  const [type] = await db
    .select({ id: consultationTypes.id, minutes: consultationTypes.durationMinutes })
    .from(consultationTypes)
    .where(and(eq(consultationTypes.clinicId, provider.clinicId), eq(consultationTypes.name, VIDEO_TYPE)));
  // Held from one of dr.smith's own departments, like the demo provider day's telehealth visit.
  const [schedule] = await db
    .select({ departmentId: providerSchedules.departmentId })
    .from(providerSchedules)
    .where(eq(providerSchedules.providerId, provider.id))
    .limit(1);
  if (!type || !schedule) {
    return null;
  }
  return { patient, provider, type, departmentId: schedule.departmentId };
}

/** The visit's times for `now`: from the current five-minute mark, for the consultation type's length. */
export function demoVisitTimes(now: Date, minutes: number): { startAt: Date; finishAt: Date } {
  const start = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('minute');
  const startAt = start.minus({ minutes: start.minute % 5 });
  return { startAt: startAt.toJSDate(), finishAt: startAt.plus({ minutes }).toJSDate() };
}

const FIVE_MINUTES = 5 * 60_000;

/** The first five-minute mark from `times.startAt` where the provider has no other live visit. */
async function firstFreeTimes(
  db: Db,
  providerId: string,
  times: { startAt: Date; finishAt: Date },
): Promise<{ startAt: Date; finishAt: Date }> {
  const length = times.finishAt.getTime() - times.startAt.getTime();
  const busy = await db
    .select({ startAt: appointments.startAt, finishAt: appointments.finishAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        ne(appointments.status, 'cancelled'),
        gt(appointments.finishAt, times.startAt),
        or(isNull(appointments.externalId), ne(appointments.externalId, DEMO_VIDEO_VISIT_EXTERNAL_ID)),
      ),
    )
    .orderBy(asc(appointments.startAt));
  let start = times.startAt.getTime();
  for (const visit of busy) {
    if (visit.startAt.getTime() >= start + length) {
      break;
    }
    if (visit.finishAt.getTime() > start) {
      start = Math.ceil(visit.finishAt.getTime() / FIVE_MINUTES) * FIVE_MINUTES;
    }
  }
  return { startAt: new Date(start), finishAt: new Date(start + length) };
}

function isOpen(row: { status: string; finishAt: Date }, now: Date): boolean {
  const live = row.status === 'booked' || row.status === 'confirmed';
  return live && row.finishAt.getTime() > now.getTime();
}

/** Makes sure the demo video visit exists and can be joined at `now`. */
export async function refreshDemoVideoVisit(db: Db, now: Date): Promise<DemoVideoVisitResult> {
  const parties = await demoParties(db);
  if (!parties) {
    return 'no-demo';
  }
  const times = await firstFreeTimes(db, parties.provider.id, demoVisitTimes(now, parties.type.minutes));
  const [existing] = await db
    .select({ id: appointments.id, status: appointments.status, finishAt: appointments.finishAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.externalId, DEMO_VIDEO_VISIT_EXTERNAL_ID),
        eq(appointments.patientUserId, parties.patient.id),
      ),
    )
    .limit(1);
  if (!existing) {
    await db.insert(appointments).values({
      clinicId: parties.provider.clinicId,
      patientUserId: parties.patient.id,
      providerId: parties.provider.id,
      departmentId: parties.departmentId,
      consultationTypeId: parties.type.id,
      ...times,
      type: 'video_call',
      status: 'booked',
      externalId: DEMO_VIDEO_VISIT_EXTERNAL_ID,
      comment: 'Demo video visit: join it as jane.patient and as dr.smith.',
      bookedByUserId: parties.patient.id,
      createdAt: now,
    });
    return 'created';
  }
  if (isOpen(existing, now)) {
    return 'kept';
  }
  await db
    .update(appointments)
    .set({ ...times, status: 'booked', cancelledAt: null, cancelledByUserId: null, confirmedAt: null })
    .where(eq(appointments.id, existing.id));
  return 'moved';
}

/** Keeps the demo visit open while the server runs; returns a stop function. */
export function keepDemoVideoVisitOpen(
  db: Db,
  now: () => Date,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    refreshDemoVideoVisit(db, now()).catch(onError);
  }, DEMO_VIDEO_VISIT_CHECK_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
