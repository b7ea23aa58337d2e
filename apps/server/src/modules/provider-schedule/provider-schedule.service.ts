import { DateTime } from 'luxon';
import {
  SCHEDULE_DAYS_AHEAD,
  SCHEDULE_DAYS_BACK,
  type PatientStatus,
  type PatientStatusChange,
  type ProviderAppointment,
  type ScheduleResponse,
  type VisitStatus,
  type WaitingRoomKind,
  type WaitingRoomResponse,
  type WalkIn,
  scheduleResponseSchema,
} from '@app/contracts/provider-schedule';
import { realtimeTopic } from '@app/contracts/realtime';
import type { z } from 'zod';
import type { scheduleQuerySchema, workspaceFilterQuerySchema } from '@app/contracts/provider-schedule';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { enqueueMessage } from '../../platform/outbox/outbox.ts';
import { publishAppointmentChanged } from '../../platform/realtime/appointment-events.ts';
import {
  appointmentRules,
  doctorNameOf,
  isoInZone,
  VIDEO_CALL_OPENS_MINUTES,
} from '../appointments/appointment-read-model.ts';
import {
  findAppointmentRow,
  listAppointmentRows,
  type AppointmentRow,
} from '../appointments/appointments.repository.ts';
import { appointmentNotFound, cancelAppointment } from '../appointments/appointments.service.ts';
import { findTasksOfAppointments } from '../check-in/check-in.repository.ts';
import type { DayScheduleCache } from './day-schedule-cache.ts';
import {
  findClinicScheduleVersion,
  findDepartmentCities,
  findLastQuickLinks,
  findOpenBalanceCents,
  findOutsideTimes,
  findPatients,
  findVisits,
  listWalkIns,
  markWalkInArrived,
  upsertVisit,
  type VisitRow,
} from './provider-schedule.repository.ts';
import { findVideoCallStatuses } from '../video/video-call-status.ts';

// spec 3 §2 schedule and waiting rooms, §3 Provider appointment, §4 statuses (decision 0024).

export const DATE_OUT_OF_RANGE_TEXT = 'Choose a date within the schedule range.';
export const CANNOT_CHECK_IN_TEXT =
  'The patient can be checked in once they have arrived and are in the office or on a video call.';
export const WALK_IN_NOT_FOUND_TEXT = 'This person is no longer in line.';
export const REMINDER_SUBJECT = 'Appointment reminder';
export const REMINDER_PURPOSE = 'appointment-reminder';

type ScheduleQuery = z.output<typeof scheduleQuerySchema>;
type FilterQuery = z.output<typeof workspaceFilterQuerySchema>;

export const WAITING_ROOM_CHANGED = 'waiting-room.changed';

/**
 * A hint to every provider screen watching the clinic (ARCHITECTURE.md realtime): the waiting rooms
 * and their counters refetch. A failed publish only loses the hint; the 15 s polling still catches up.
 */
export async function publishWaitingRoomChanged(context: AppContext, clinicId: string): Promise<void> {
  try {
    await context.realtime.publish(realtimeTopic.clinic(clinicId), { type: WAITING_ROOM_CHANGED });
  } catch {
    // Logged by the hub; the change itself is saved.
  }
}

function badRequest(message: string, field: string): HttpError {
  return new HttpError(400, message, { code: 'bad_request', errors: [{ detail: message, field }] });
}

/** Today in the clinic's time (its departments' first zone, else UTC) — the day the rooms show. */
function todayOf(rows: { timezone: string }[], now: Date): string {
  const zone = rows[0]?.timezone ?? 'UTC';
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? '';
}

function scheduleBounds(now: Date) {
  const today = DateTime.fromJSDate(now, { zone: 'UTC' });
  return {
    minDate: today.minus({ days: SCHEDULE_DAYS_BACK }).toISODate() ?? '',
    maxDate: today.plus({ days: SCHEDULE_DAYS_AHEAD }).toISODate() ?? '',
  };
}

/** spec 3 §4: the provider's status, unless the patient's 'outside' quick link came later. */
export function patientStatusOf(
  visit: VisitRow | undefined,
  outsideAt: Date | undefined,
): PatientStatus | null {
  if (outsideAt && (!visit?.patientStatusAt || outsideAt.getTime() > visit.patientStatusAt.getTime())) {
    return 'outside';
  }
  return visit?.patientStatus ?? null;
}

async function applyFilters(
  db: Db,
  clinicId: string,
  rows: AppointmentRow[],
  filter: FilterQuery,
): Promise<AppointmentRow[]> {
  const cities = filter.locations?.length ? await findDepartmentCities(db, clinicId) : null;
  return rows.filter(
    (row) =>
      row.status !== 'cancelled' &&
      (!filter.departmentUuids?.length || filter.departmentUuids.includes(row.departmentId)) &&
      (!filter.providerIds?.length || filter.providerIds.includes(row.providerId)) &&
      (!cities || filter.locations?.includes(cities.get(row.departmentId) ?? '') === true),
  );
}

/** spec 3 §3 Provider appointment for each row, with what the schedule's buttons need. */
export async function toProviderAppointments(
  db: Db,
  clinicId: string,
  rows: AppointmentRow[],
  now: Date,
): Promise<ProviderAppointment[]> {
  const ids = rows.map((row) => row.id);
  const patientIds = [...new Set(rows.map((row) => row.patientUserId))];
  const textPay = rows[0]?.clinicModules.includes('TEXT_PAY') ?? false;
  const [visits, outside, quickLinks, patients, balances, tasks, cities, videoStatuses] = await Promise.all([
    findVisits(db, ids),
    findOutsideTimes(db, ids),
    findLastQuickLinks(db, ids),
    findPatients(db, patientIds),
    textPay ? findOpenBalanceCents(db, clinicId, patientIds) : Promise.resolve(new Map<string, number>()),
    findTasksOfAppointments(db, ids),
    findDepartmentCities(db, clinicId),
    findVideoCallStatuses(
      db,
      rows.filter((row) => row.type === 'video_call').map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const rules = appointmentRules(row, now);
    const visit = visits.get(row.id);
    const own = tasks.filter(({ task, setting }) => task.appointmentId === row.id && !setting.isVideo);
    const doneOf = (actionType: string) =>
      own.some(({ task, setting }) => setting.actionType === actionType && task.status === 'DONE');
    const at = (date: Date | null | undefined) => (date ? isoInZone(date, row.timezone) : null);
    return {
      appointmentId: row.id,
      appointmentStartAt: isoInZone(row.startAt, row.timezone),
      appointmentFinishAt: isoInZone(row.finishAt, row.timezone),
      timezone: row.timezone,
      type: row.type,
      doctorId: row.providerId,
      doctorName: `${row.providerFirstName} ${row.providerLastName}`,
      doctorTitle: row.providerTitle,
      doctorImage: row.providerImage,
      departmentUuid: row.departmentId,
      departmentName: row.departmentName,
      locationName: cities.get(row.departmentId) ?? null,
      patientId: row.patientUserId,
      patientName: `${row.patientFirstName} ${row.patientLastName}`,
      patientImage: patients.get(row.patientUserId)?.image ?? null,
      patientBirthdate: patients.get(row.patientUserId)?.birthdate ?? null,
      appointmentTitle: row.consultationTypeTitle,
      visitStatus: visit?.visitStatus ?? null,
      patientStatus: patientStatusOf(visit, outside.get(row.id)),
      lastMarkedAsCalledInAt: at(visit?.lastCalledInAt),
      lastQuickLinkSentAt: at(quickLinks.get(row.id)),
      reminderSentAt: at(visit?.reminderSentAt),
      isPreCheckIn: own.length > 0,
      hasUndoneTasks: own.some(({ task }) => task.status !== 'DONE'),
      isNewCheckIn: row.checkInFlow === 'new',
      hasAnsweredQuestionnaires: doneOf('questionnaire'),
      hasSignedDocuments: doneOf('sign_document'),
      patientBalance: textPay ? (balances.get(row.patientUserId) ?? 0) / 100 : null,
      clinicUuid: row.clinicId,
      consultationTypeId: row.consultationTypeId,
      isInWaitList: rules.isInWaitList,
      canJoinWaitList: rules.waitlistAvailable && rules.live && rules.future && !rules.isToday,
      isCancellable: rules.isCancellable,
      allowVideoCall: rules.allowVideoCall,
      // Issue 7: from the video room's presence (decision 0030).
      videoCallStatus: videoStatuses.get(row.id) ?? null,
    };
  });
}

/** spec 3 §2 Provider appointment schedule: one clinic, one day, filtered and sorted. */
async function computeSchedule(
  context: AppContext,
  clinicId: string,
  query: ScheduleQuery,
  now: Date,
): Promise<{ answer: ScheduleResponse; rows: AppointmentRow[] }> {
  const rows = await applyFilters(
    context.db,
    clinicId,
    await listAppointmentRows(context.db, {
      startDate: query.date,
      finishDate: query.date,
      clinicIds: [clinicId],
    }),
    query,
  );
  if (query.sort === 'provider') {
    rows.sort(
      (a, b) => doctorNameOf(a).localeCompare(doctorNameOf(b)) || a.startAt.getTime() - b.startAt.getTime(),
    );
  }
  const answer = {
    date: query.date,
    ...scheduleBounds(now),
    appointments: await toProviderAppointments(context.db, clinicId, rows, now),
  };
  return { answer, rows };
}

function checkScheduleDate(query: ScheduleQuery, now: Date): void {
  const bounds = scheduleBounds(now);
  if (query.date < bounds.minDate || query.date > bounds.maxDate) {
    throw badRequest(DATE_OUT_OF_RANGE_TEXT, 'date');
  }
}

const MINUTE = 60_000;

/**
 * The first instant after `now` at which a flag of the schedule changes with no write to the database
 * (appointmentRules): an appointment starts (no longer cancellable), its video room opens or closes,
 * the day turns in its zone (isToday), or the UTC day turns (the date bounds). Until then the answer
 * computed at `now` is the answer (decision 0075).
 */
export function scheduleValidUntil(
  rows: readonly Pick<AppointmentRow, 'startAt' | 'finishAt' | 'timezone'>[],
  now: Date,
): number {
  const at = now.getTime();
  let until = DateTime.fromJSDate(now, { zone: 'UTC' }).startOf('day').plus({ days: 1 }).toMillis();
  const consider = (instant: number) => {
    if (instant > at && instant < until) {
      until = instant;
    }
  };
  for (const row of rows) {
    consider(row.startAt.getTime());
    consider(row.startAt.getTime() - VIDEO_CALL_OPENS_MINUTES * MINUTE);
    consider(row.finishAt.getTime());
    consider(DateTime.fromJSDate(now, { zone: row.timezone }).startOf('day').plus({ days: 1 }).toMillis());
  }
  return until;
}

/**
 * The day schedule as the JSON text to send, from the instance's cache while the clinic's schedule
 * version and the time allow (decision 0075), and the patients it shows (for the audit trail). The
 * version is read before the appointments, so a change committed in between is stored under the old
 * version and only costs one more miss. The answer does not depend on the caller: any provider of the
 * clinic sees the same day.
 */
export async function readScheduleJson(
  context: AppContext,
  cache: DayScheduleCache,
  clinicId: string,
  query: ScheduleQuery,
): Promise<{ json: string; patientIds: string[] }> {
  const now = context.now();
  checkScheduleDate(query, now);
  const version = await findClinicScheduleVersion(context.db, clinicId);
  // Every field of the parsed query (date, sort, filters) is part of the key, in the schema's order.
  const key = JSON.stringify([clinicId, query]);
  const cached = cache.find(key, version, now.getTime());
  if (cached) {
    return cached;
  }
  const { answer, rows } = await computeSchedule(context, clinicId, query, now);
  // Parsed as the route's serializer would, so the text is what an uncached answer would be.
  const json = JSON.stringify(scheduleResponseSchema.parse(answer));
  const patientIds = [...new Set(answer.appointments.map((appointment) => appointment.patientId))];
  cache.set(key, {
    version,
    computedAt: now.getTime(),
    validUntil: scheduleValidUntil(rows, now),
    json,
    patientIds,
  });
  return { json, patientIds };
}

function tabOf(appointment: ProviderAppointment): keyof WaitingRoomResponse['counts'] {
  return appointment.patientStatus ?? 'scheduled';
}

/**
 * spec 3 §2 Waiting room (telehealth) and DriveUp: today's live appointments of the clinic (video calls
 * in the telehealth room, office visits at the DriveUp) by patient status, and the walk-ins in line.
 */
export async function waitingRoom(
  context: AppContext,
  clinicId: string,
  kind: WaitingRoomKind,
  filter: FilterQuery,
): Promise<WaitingRoomResponse> {
  const now = context.now();
  const zones = await listAppointmentRows(context.db, {
    startDate: DateTime.fromJSDate(now, { zone: 'UTC' }).minus({ days: 1 }).toISODate() ?? '',
    finishDate: DateTime.fromJSDate(now, { zone: 'UTC' }).plus({ days: 1 }).toISODate() ?? '',
    clinicIds: [clinicId],
  });
  // Each appointment is "today" in its own department's zone.
  const today = zones.filter(
    (row) =>
      DateTime.fromJSDate(row.startAt, { zone: row.timezone }).toISODate() ===
        DateTime.fromJSDate(now, { zone: row.timezone }).toISODate() &&
      (row.status === 'booked' || row.status === 'confirmed') &&
      (kind === 'telehealth' ? row.type === 'video_call' : row.type === 'office'),
  );
  const rows = await applyFilters(context.db, clinicId, today, filter);
  const appointments = await toProviderAppointments(context.db, clinicId, rows, now);
  // Walk-ins come to the door: the DriveUp line only. "Today" starts at midnight of the clinic's zone.
  const zone = zones[0]?.timezone ?? 'UTC';
  const dayStart = DateTime.fromJSDate(now, { zone }).startOf('day').toJSDate();
  const walkInRows =
    kind === 'drive-up' && !filter.providerIds?.length
      ? await listWalkIns(context.db, clinicId, dayStart, filter.departmentUuids)
      : [];
  const walkIns: WalkIn[] = walkInRows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    birthdate: row.birthdate,
    departmentName: row.departmentName,
    eta: row.eta ? isoInZone(row.eta, zone) : null,
  }));
  const counts = { scheduled: 0, outside: 0, 'called-in': 0, 'in-office': 0, 'in-line': walkIns.length };
  for (const appointment of appointments) {
    counts[tabOf(appointment)] += 1;
  }
  return { date: todayOf(zones, now), appointments, walkIns, counts };
}

/** The red dot of a waiting room (spec 3 §2, §9 every 15 s): patients waiting outside, and the line. */
export async function waitingRoomCount(context: AppContext, clinicId: string, kind: WaitingRoomKind) {
  const room = await waitingRoom(context, clinicId, kind, {});
  return { count: room.counts.outside + room.counts['in-line'] };
}

/** The appointment of this clinic, live; anything else answers 404. */
async function clinicAppointment(db: Db, clinicId: string, appointmentId: string): Promise<AppointmentRow> {
  const row = await findAppointmentRow(db, appointmentId);
  if (!row || row.clinicId !== clinicId || row.status === 'cancelled') {
    throw appointmentNotFound();
  }
  return row;
}

async function oneProviderAppointment(context: AppContext, clinicId: string, appointmentId: string) {
  const row = await clinicAppointment(context.db, clinicId, appointmentId);
  const [appointment] = await toProviderAppointments(context.db, clinicId, [row], context.now());
  if (!appointment) {
    throw appointmentNotFound();
  }
  return appointment;
}

/**
 * spec 3 §4 patient status: Outside marks the patient outside, Invite In marks them called in, and a
 * patient in the office has arrived (visit status arrived, unless the visit went further already).
 * The room's permission is needed: DriveUp for office visits, telehealth for video calls.
 */
export async function changePatientStatus(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  appointmentId: string,
  change: PatientStatusChange,
): Promise<ProviderAppointment> {
  const row = await clinicAppointment(context.db, clinicId, appointmentId);
  const needed = row.type === 'video_call' ? 'TELEHEALTH_WAITING_ROOM' : 'VIRTUAL_WAITING_ROOM';
  if (!auth.permissions.includes(needed)) {
    throw new HttpError(403, 'You do not have permission to do this.', { code: 'forbidden' });
  }
  const now = context.now();
  // One transaction: the visit's read and write, with the audit events (decision 0064).
  await context.db.transaction(async (tx) => {
    const visit = (await findVisits(tx, [row.id])).get(row.id);
    const values: Parameters<typeof upsertVisit>[2] = {
      patientStatus: change.patientStatus,
      patientStatusAt: now,
      updatedByUserId: auth.userId,
    };
    if (change.patientStatus === 'called-in') {
      values.lastCalledInAt = now;
    }
    if (change.patientStatus === 'in-office' && !visit?.visitStatus) {
      values.visitStatus = 'arrived';
      values.visitStatusAt = now;
    }
    await upsertVisit(tx, row.id, values);
  });
  await publishAppointmentChanged(context, { appointmentIds: [row.id] });
  return oneProviderAppointment(context, clinicId, appointmentId);
}

/** spec 3 §4: the Check in button works when the patient arrived and is in the office or on a video call. */
export function canCheckIn(appointment: Pick<ProviderAppointment, 'visitStatus' | 'patientStatus' | 'type'>) {
  const visit: VisitStatus | null = appointment.visitStatus;
  return (
    visit === 'arrived' && (appointment.patientStatus === 'in-office' || appointment.type === 'video_call')
  );
}

export async function checkInAppointment(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  appointmentId: string,
): Promise<ProviderAppointment> {
  const before = await oneProviderAppointment(context, clinicId, appointmentId);
  if (before.visitStatus === 'check-in') {
    return before;
  }
  if (!canCheckIn(before)) {
    throw new HttpError(409, CANNOT_CHECK_IN_TEXT, {
      code: 'cannot_check_in',
      errors: [{ detail: CANNOT_CHECK_IN_TEXT }],
    });
  }
  // In a transaction, so the audit events commit with the visit (decision 0064).
  await context.db.transaction(async (tx) => {
    await upsertVisit(tx, appointmentId, {
      visitStatus: 'check-in',
      visitStatusAt: context.now(),
      updatedByUserId: auth.userId,
    });
  });
  await publishAppointmentChanged(context, { appointmentIds: [appointmentId] });
  return oneProviderAppointment(context, clinicId, appointmentId);
}

/** spec 3 §7 Reminder send (and §4 "Video-call send link"): a message through the outbox. */
export async function sendReminder(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  appointmentId: string,
  linkBase: string,
): Promise<{ reminderSentAt: string }> {
  const row = await clinicAppointment(context.db, clinicId, appointmentId);
  const now = context.now();
  const when = DateTime.fromJSDate(row.startAt, { zone: row.timezone }).toFormat(
    "cccc, LLLL d 'at' h:mm a ZZZZ",
  );
  const link =
    row.type === 'video_call'
      ? `${linkBase}/user/video-call/${row.id}`
      : `${linkBase}/user/appointment/${row.id}`;
  const body = `Reminder: your appointment with ${doctorNameOf(row)} is on ${when} (${row.departmentName}). ${
    row.type === 'video_call' ? 'Join the video visit' : 'See the details'
  }: ${link}`;
  await context.db.transaction(async (tx) => {
    if (row.patientEmail) {
      await enqueueMessage(
        tx,
        {
          channel: 'email',
          recipient: row.patientEmail,
          subject: REMINDER_SUBJECT,
          body,
          purpose: REMINDER_PURPOSE,
        },
        now,
      );
    }
    if (row.patientMobilePhone) {
      await enqueueMessage(
        tx,
        { channel: 'sms', recipient: row.patientMobilePhone, body, purpose: REMINDER_PURPOSE },
        now,
      );
    }
    await upsertVisit(tx, row.id, { reminderSentAt: now, updatedByUserId: auth.userId });
  });
  await publishAppointmentChanged(context, { appointmentIds: [row.id] });
  return { reminderSentAt: isoInZone(now, row.timezone) };
}

/** spec 3 §7 Cancel appointment: the appointments module's cancel, for this clinic's appointment only. */
export async function cancelClinicAppointment(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  appointmentId: string,
  linkBase: string,
): Promise<void> {
  await clinicAppointment(context.db, clinicId, appointmentId);
  // The appointments module's cancel publishes 'appointment.changed' (decision 0042).
  await cancelAppointment(context, auth, appointmentId, linkBase);
}

export async function walkInArrived(context: AppContext, clinicId: string, walkInId: string): Promise<void> {
  // In a transaction, so the audit events commit with the walk-in (decision 0064).
  const arrived = await context.db.transaction((tx) =>
    markWalkInArrived(tx, clinicId, walkInId, context.now()),
  );
  if (!arrived) {
    throw new HttpError(404, WALK_IN_NOT_FOUND_TEXT, { code: 'walk_in_not_found' });
  }
  await publishWaitingRoomChanged(context, clinicId);
}
