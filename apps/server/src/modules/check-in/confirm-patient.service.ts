import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type {
  ConfirmPatient,
  ConfirmPatientAppointment,
  ConfirmPatientIdentity,
} from '@app/contracts/confirm-patient';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { checkIns } from '../../db/schema/check-in.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { appointmentRules, doctorNameOf, isLive, isoInZone } from '../appointments/appointment-read-model.ts';
import {
  findAppointmentRow,
  listAppointmentRows,
  type AppointmentRow,
} from '../appointments/appointments.repository.ts';
import { APPOINTMENT_NOT_FOUND_TEXT } from './check-in.service.ts';

// spec 1 §1, §2 rule 3: the check-in app's "confirm who is checking in" (issue 16, decision 0036).

function notFound(): HttpError {
  return new HttpError(404, APPOINTMENT_NOT_FOUND_TEXT, { code: 'appointment_not_found' });
}

async function findIdentity(db: Db, userId: string): Promise<ConfirmPatientIdentity> {
  const [row] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      birthdate: users.birthdate,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) {
    // The caller's own account always exists while its session lives; a visit's patient too.
    throw notFound();
  }
  return { ...row, name: `${row.firstName} ${row.lastName}` };
}

async function toConfirmAppointments(db: Db, rows: AppointmentRow[]): Promise<ConfirmPatientAppointment[]> {
  const ids = rows.map((row) => row.id);
  const finished =
    ids.length === 0
      ? []
      : await db
          .select({ appointmentId: checkIns.appointmentId, finishedAt: checkIns.finishedAt })
          .from(checkIns)
          .where(inArray(checkIns.appointmentId, ids));
  const checkedIn = new Set(
    finished.filter((row) => row.finishedAt !== null).map((row) => row.appointmentId),
  );
  return rows.map((row) => ({
    id: row.id,
    startAt: isoInZone(row.startAt, row.timezone),
    finishAt: isoInZone(row.finishAt, row.timezone),
    timezone: row.timezone,
    type: row.type,
    doctorName: doctorNameOf(row),
    clinicName: row.clinicName,
    departmentUuid: row.departmentId,
    departmentName: row.departmentName,
    consultationTypeTitle: row.consultationTypeTitle,
    isCheckedIn: checkedIn.has(row.id),
  }));
}

/**
 * The patient's live visits of today, "today" in each visit's own department zone (a clinic in
 * Chicago and one in New York may disagree about the date near midnight).
 */
async function todaysRows(db: Db, patientUserId: string, now: Date): Promise<AppointmentRow[]> {
  const day = DateTime.fromJSDate(now, { zone: 'utc' });
  // A day either side of the UTC date covers every zone; the exact local day is checked per row.
  const rows = await listAppointmentRows(db, {
    startDate: day.minus({ days: 1 }).toISODate() ?? '',
    finishDate: day.plus({ days: 1 }).toISODate() ?? '',
    patientUserId,
  });
  return rows.filter((row) => isLive(row) && appointmentRules(row, now).isToday);
}

/**
 * The signed-in patient: their name and date of birth, and today's visits — or, with an appointment
 * id, that one visit of theirs (another patient's, a cancelled or a completed one answers 404).
 */
export async function confirmPatientOfSelf(
  db: Db,
  auth: AuthContext,
  appointmentId: string | undefined,
  now: Date,
): Promise<ConfirmPatient> {
  let rows: AppointmentRow[];
  if (appointmentId) {
    const row = await findAppointmentRow(db, appointmentId);
    if (row?.patientUserId !== auth.userId || !isLive(row)) {
      throw notFound();
    }
    rows = [row];
  } else {
    rows = await todaysRows(db, auth.userId, now);
  }
  return {
    patient: await findIdentity(db, auth.userId),
    appointments: await toConfirmAppointments(db, rows),
  };
}

/**
 * Self check-in (kiosk): the patient of a visit the kiosk picked, for a provider of the visit's clinic.
 * Another clinic's visit, a cancelled or a completed one answers 404, as if it did not exist.
 */
export async function confirmPatientOfVisit(
  db: Db,
  auth: AuthContext,
  appointmentId: string,
): Promise<ConfirmPatient> {
  const row = await findAppointmentRow(db, appointmentId);
  if (!row || !auth.clinicIds.includes(row.clinicId) || !isLive(row)) {
    throw notFound();
  }
  return {
    patient: await findIdentity(db, row.patientUserId),
    appointments: await toConfirmAppointments(db, [row]),
  };
}
