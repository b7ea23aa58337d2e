import type { z } from 'zod';
import {
  APPOINTMENT_NOT_FOUND_TEXT,
  CANNOT_CANCEL_TEXT,
  type Appointment,
  type appointmentListQuerySchema,
  type publicAppointmentSchema,
} from '@app/contracts/appointments';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/scheduling.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { publishAppointmentChanged } from '../../platform/realtime/appointment-events.ts';
import { appointmentRules, doctorNameOf, isoInZone, toAppointment } from './appointment-read-model.ts';
import {
  findAppointmentRow,
  findAppointmentRowByPublicId,
  listAppointmentRows,
  lockAppointment,
  markCancelled,
  setAppointmentType,
  type AppointmentRow,
} from './appointments.repository.ts';
import { closeWaitlistEntryOf, offerFreedSlot } from './waitlist-offers.ts';
import { attachmentLinksOf } from '../patient-documents/attachments.service.ts';
import { loadIcs } from '../../platform/lazy/ics.ts';

export const PROVIDER_CANNOT_CANCEL_TEXT = 'This appointment is already cancelled or has already started.';
export const WAITLIST_NOT_AVAILABLE_TEXT = 'The waitlist is not available for this appointment.';
export const WAITLIST_NOT_NOW_TEXT =
  'Only an upcoming appointment on a later day than today can be added to the waitlist.';
export const CANNOT_CONVERT_TEXT = 'This appointment cannot be converted to a Telehealth call.';
export const OTHER_PATIENT_LIST_TEXT = 'You can only list your own appointments.';

export function appointmentNotFound(): HttpError {
  // Someone else's appointment answers exactly like one that does not exist.
  return new HttpError(404, APPOINTMENT_NOT_FOUND_TEXT, {
    code: 'appointment_not_found',
    errors: [{ detail: APPOINTMENT_NOT_FOUND_TEXT }],
  });
}

function conflict(message: string, code: string): HttpError {
  return new HttpError(409, message, { code, errors: [{ detail: message }] });
}

/** Patients see their own appointments; providers those of the clinics they work for. */
export function canSee(auth: AuthContext, row: Pick<AppointmentRow, 'patientUserId' | 'clinicId'>): boolean {
  return auth.role === 'provider' ? auth.clinicIds.includes(row.clinicId) : row.patientUserId === auth.userId;
}

async function visibleRow(db: Db, auth: AuthContext, id: string): Promise<AppointmentRow> {
  const row = await findAppointmentRow(db, id);
  if (!row || !canSee(auth, row)) {
    throw appointmentNotFound();
  }
  return row;
}

export async function readAppointment(
  context: AppContext,
  auth: AuthContext,
  id: string,
): Promise<Appointment> {
  const row = await visibleRow(context.db, auth, id);
  // The patient's documents are part of the patient view: a provider sees them with PATIENT at the
  // appointment's clinic only (spec 3 §6, decision 0060); the schedule's details stay open.
  const seesDocuments =
    auth.role !== 'provider' || (auth.permissionsByClinic[row.clinicId] ?? []).includes('PATIENT');
  const attachments = seesDocuments ? (await attachmentLinksOf(context, [row.id])).get(row.id) : [];
  return toAppointment(row, context.now(), attachments);
}

/**
 * spec 2 §7 appointment list by startAt and finishAt (mysql dates, inclusive), each date read in the
 * appointment's own department time zone (decision for issue 4).
 */
export async function listAppointments(
  context: AppContext,
  auth: AuthContext,
  query: z.output<typeof appointmentListQuerySchema>,
): Promise<Appointment[]> {
  const dates = { startDate: query.startAt, finishDate: query.finishAt };
  let rows: AppointmentRow[];
  if (auth.role === 'provider') {
    rows = await listAppointmentRows(context.db, {
      ...dates,
      clinicIds: auth.clinicIds,
      ...(query.userId ? { patientUserId: query.userId } : {}),
    });
  } else {
    if (query.userId && query.userId !== auth.userId) {
      throw new HttpError(403, OTHER_PATIENT_LIST_TEXT, { code: 'forbidden' });
    }
    rows = await listAppointmentRows(context.db, { ...dates, patientUserId: auth.userId });
  }
  const now = context.now();
  const attachments = await attachmentLinksOf(
    context,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAppointment(row, now, attachments.get(row.id)));
}

export async function readPublicAppointment(
  context: AppContext,
  publicId: string,
): Promise<z.output<typeof publicAppointmentSchema>> {
  const row = await findAppointmentRowByPublicId(context.db, publicId);
  if (!row) {
    throw appointmentNotFound();
  }
  // A link without a login shows no patient data: no name, comment, address or ids.
  return {
    uuid: row.publicId,
    clinicName: row.clinicName,
    doctorName: doctorNameOf(row),
    consultationTypeTitle: row.consultationTypeTitle,
    startAt: isoInZone(row.startAt, row.timezone),
    finishAt: isoInZone(row.finishAt, row.timezone),
    timezone: row.timezone,
    type: row.type,
    status: row.status,
  };
}

/**
 * Cancels a locked, visible appointment in the caller's transaction: its own waitlist entry is closed
 * and the freed slot is offered to the first patient in line (issue 4). Used by cancel and reschedule.
 */
export async function cancelLockedAppointment(
  tx: Db,
  row: AppointmentRow,
  byUserId: string,
  now: Date,
  linkBase: string,
): Promise<void> {
  const rules = appointmentRules(row, now);
  if (!(await markCancelled(tx, row.id, byUserId, now))) {
    throw conflict(PROVIDER_CANNOT_CANCEL_TEXT, 'cannot_cancel');
  }
  await closeWaitlistEntryOf(tx, row.id);
  await offerFreedSlot(tx, row, rules, now, linkBase);
}

/** spec 2 §4 Cancel, §6: patients only when isCancellable and canPatientCancel; providers when isCancellable. */
export async function cancelAppointment(
  context: AppContext,
  auth: AuthContext,
  id: string,
  linkBase: string,
): Promise<void> {
  const now = context.now();
  await context.db.transaction(async (tx) => {
    await lockAppointment(tx, id);
    const row = await visibleRow(tx, auth, id);
    const rules = appointmentRules(row, now);
    if (auth.role === 'provider') {
      if (!rules.isCancellable) {
        throw conflict(PROVIDER_CANNOT_CANCEL_TEXT, 'cannot_cancel');
      }
    } else if (!rules.isCancellable || !rules.canPatientCancel) {
      throw conflict(CANNOT_CANCEL_TEXT, 'cannot_cancel');
    }
    await cancelLockedAppointment(tx, row, auth.userId, now, linkBase);
  });
  await publishAppointmentChanged(context, { appointmentIds: [id] });
}

/** Add to calendar: one VEVENT in UTC; the library folds lines and escapes text (RFC 5545). */
export async function appointmentCalendar(
  context: AppContext,
  auth: AuthContext,
  id: string,
): Promise<string> {
  const row = await visibleRow(context.db, auth, id);
  const doctorName = doctorNameOf(row);
  const location = [row.departmentName, row.departmentAddress, row.departmentCity, row.departmentState]
    .filter((part): part is string => Boolean(part))
    .join(', ');
  const { createEvent } = await loadIcs();
  const { error, value } = createEvent({
    uid: `${row.publicId}@care-portal`,
    productId: 'care-portal/appointments',
    start: row.startAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: row.finishAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${row.consultationTypeTitle} with ${doctorName}`,
    description: `${row.clinicName}: ${row.consultationTypeTitle} with ${doctorName}.`,
    location,
    status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  });
  if (error || !value) {
    throw error ?? new Error('The calendar entry could not be written');
  }
  return value;
}

/**
 * spec 2 §7 Add to waitlist by clinic and appointment, with the §6 rules; hidden (and refused) for
 * today's appointments (spec 2 §2). Adding twice answers the same.
 */
export async function joinWaitlist(
  context: AppContext,
  auth: AuthContext,
  clinicUuid: string,
  id: string,
): Promise<{ isInWaitList: boolean }> {
  const now = context.now();
  const joined = await context.db.transaction(async (tx) => {
    await lockAppointment(tx, id);
    const row = await visibleRow(tx, auth, id);
    if (row.clinicId !== clinicUuid) {
      throw appointmentNotFound();
    }
    const rules = appointmentRules(row, now);
    if (!rules.waitlistAvailable) {
      throw conflict(WAITLIST_NOT_AVAILABLE_TEXT, 'waitlist_not_available');
    }
    if (!rules.live || !rules.future || rules.isToday) {
      throw conflict(WAITLIST_NOT_NOW_TEXT, 'waitlist_not_now');
    }
    if (rules.isInWaitList) {
      return { isInWaitList: true };
    }
    const entry = {
      status: 'waiting' as const,
      addedByUserId: auth.userId,
      createdAt: now,
      offeredAt: null,
      offeredSlotStartAt: null,
    };
    await tx
      .insert(waitlistEntries)
      .values({
        ...entry,
        clinicId: row.clinicId,
        appointmentId: row.id,
        patientUserId: row.patientUserId,
        providerId: row.providerId,
        consultationTypeId: row.consultationTypeId,
      })
      // A closed entry (an earlier offer lapsed, or it was removed) joins the end of the line again.
      .onConflictDoUpdate({ target: waitlistEntries.appointmentId, set: entry });
    return { isInWaitList: true };
  });
  await publishAppointmentChanged(context, { appointmentIds: [id] });
  return joined;
}

/** spec 2 §6 care manager: convert an office visit to telehealth when isConvertRequired. */
export async function convertToTelehealth(
  context: AppContext,
  auth: AuthContext,
  id: string,
): Promise<Appointment> {
  const now = context.now();
  await context.db.transaction(async (tx) => {
    await lockAppointment(tx, id);
    const row = await visibleRow(tx, auth, id);
    if (!appointmentRules(row, now).isConvertRequired) {
      throw conflict(CANNOT_CONVERT_TEXT, 'cannot_convert');
    }
    await setAppointmentType(tx, id, 'video_call');
  });
  await publishAppointmentChanged(context, { appointmentIds: [id] });
  return readAppointment(context, auth, id);
}
