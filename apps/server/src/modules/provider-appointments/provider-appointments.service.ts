import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  APPOINTMENT_LIST_DAYS_AHEAD,
  APPOINTMENT_LIST_DAYS_BACK,
  APPOINTMENT_LIST_PAGE_SIZE,
  UNKNOWN_DEPARTMENT_TEXT,
  UNKNOWN_PROVIDER_TEXT,
  addDaysToDate,
  resolveListRange,
  type AppointmentListItem,
  type AppointmentListResponse,
  type appointmentListQuerySchema,
} from '@app/contracts/provider-appointments';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../platform/http-error.ts';
import { findAppointmentRowsByIds } from '../appointments/appointments.repository.ts';
import { clinicTimezone } from '../clinics/clinic-lists.repository.ts';
import { toProviderAppointments } from '../provider-schedule/provider-schedule.service.ts';
import {
  countClinicAppointments,
  findClinicDepartmentIds,
  findClinicProviderIds,
  pageOfClinicAppointments,
  type AppointmentListFilter,
} from './provider-appointments.repository.ts';

// /provider/appointments (decision 0039): the clinic's appointments across providers over a range.

type ListQuery = z.output<typeof appointmentListQuerySchema>;

function badRequest(message: string, field: string): HttpError {
  return new HttpError(400, message, { code: 'bad_request', errors: [{ detail: message, field }] });
}

function notFound(message: string, field: string): HttpError {
  return new HttpError(404, message, { code: 'not_found', errors: [{ detail: message, field }] });
}

/** Every id must be one of the clinic's: another clinic's provider or department answers 404. */
async function requireOwn(
  ids: string[],
  find: (ids: string[]) => Promise<Set<string>>,
  message: string,
  field: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  const known = await find(unique);
  if (unique.some((id) => !known.has(id))) {
    throw notFound(message, field);
  }
}

/** The date of an instant in a zone (YYYY-MM-DD). */
function dateIn(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
}

export async function listClinicAppointments(
  context: AppContext,
  clinicId: string,
  query: ListQuery,
): Promise<AppointmentListResponse> {
  const { db } = context;
  const now = context.now();
  const timezone = await clinicTimezone(db, clinicId);
  const today = dateIn(now, timezone);
  const range = resolveListRange(query.from, query.to, today);
  if (!range.ok) {
    throw badRequest(range.message, range.field);
  }
  const providerIds = query.providerIds ?? [];
  const departmentIds = query.departmentUuids ?? [];
  await requireOwn(
    providerIds,
    (ids) => findClinicProviderIds(db, clinicId, ids),
    UNKNOWN_PROVIDER_TEXT,
    'providerIds',
  );
  await requireOwn(
    departmentIds,
    (ids) => findClinicDepartmentIds(db, clinicId, ids),
    UNKNOWN_DEPARTMENT_TEXT,
    'departmentUuids',
  );
  const filter: AppointmentListFilter = {
    clinicId,
    from: range.from,
    to: range.to,
    providerIds,
    departmentIds,
    statuses: query.statuses ?? [],
    types: query.types ?? [],
    words: (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5),
  };
  const offset = (query.page - 1) * APPOINTMENT_LIST_PAGE_SIZE;
  const [total, page] = await Promise.all([
    countClinicAppointments(db, filter),
    pageOfClinicAppointments(db, filter, APPOINTMENT_LIST_PAGE_SIZE, offset),
  ]);
  const statusOf = new Map(page.map((row) => [row.id, row.status]));
  const rows = await findAppointmentRowsByIds(
    db,
    page.map((row) => row.id),
  );
  const items = await toProviderAppointments(db, clinicId, rows, now);
  const appointments: AppointmentListItem[] = items.map((item, index) => {
    const row = rows[index];
    const day = row ? dateIn(row.startAt, row.timezone) : '';
    const todayThere = row ? dateIn(now, row.timezone) : today;
    return {
      ...item,
      status: statusOf.get(item.appointmentId) ?? 'booked',
      day: day < todayThere ? 'past' : day === todayThere ? 'today' : 'future',
    };
  });
  return {
    from: range.from,
    to: range.to,
    today,
    minDate: addDaysToDate(today, -APPOINTMENT_LIST_DAYS_BACK),
    maxDate: addDaysToDate(today, APPOINTMENT_LIST_DAYS_AHEAD),
    timezone,
    page: query.page,
    pageSize: APPOINTMENT_LIST_PAGE_SIZE,
    total,
    appointments,
  };
}
