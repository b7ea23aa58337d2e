import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { consultationTypes, departments, providers, providerSchedules } from '../db/schema/clinics.ts';
import { appointments } from '../db/schema/scheduling.ts';

// Issue 4: jane.patient logs in to a list that is not empty: one office visit with dr.smith a few days
// ahead (cancellable, waitlist and calendar links work) and one past visit. Both are placed relative
// to the seeding day on dr.smith's grid in Riverside Main Clinic, so they never clash with free slots.

const PATIENT = 'jane.patient';
const PROVIDER = 'dr.smith';
const DEPARTMENT = 'Riverside Main Clinic';
const UPCOMING_TYPE = 'Follow-up';
const PAST_TYPE = 'New patient visit';
/** The upcoming visit is at least this many days ahead: outside any cancel-notice window. */
const UPCOMING_MIN_DAYS = 3;
const PAST_DAYS_AGO = 21;

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) {
    throw new Error(`Demo appointments: ${what} is missing`);
  }
  return row;
}

/** The first working day of the provider at or after `from` (ISO weekdays of their schedule). */
function workingDay(from: DateTime, weekdays: Set<number>, step: 1 | -1): DateTime {
  let day = from;
  for (let i = 0; i < 14 && !weekdays.has(day.weekday); i += 1) {
    day = day.plus({ days: step });
  }
  return day;
}

export async function seedDemoAppointments(tx: Db, now: Date): Promise<void> {
  const patient = await one(
    tx.select({ id: users.id }).from(users).where(eq(users.username, PATIENT)),
    PATIENT,
  );
  const provider = await one(
    tx
      .select({ id: providers.id, clinicId: providers.clinicId })
      .from(providers)
      .innerJoin(users, eq(users.id, providers.userId))
      .where(eq(users.username, PROVIDER)),
    PROVIDER,
  );
  const department = await one(
    tx
      .select({ id: departments.id, timezone: departments.timezone })
      .from(departments)
      .where(and(eq(departments.clinicId, provider.clinicId), eq(departments.name, DEPARTMENT))),
    DEPARTMENT,
  );
  const typeOf = (name: string) =>
    one(
      tx
        .select({ id: consultationTypes.id, minutes: consultationTypes.durationMinutes })
        .from(consultationTypes)
        .where(and(eq(consultationTypes.clinicId, provider.clinicId), eq(consultationTypes.name, name))),
      name,
    );
  const upcomingType = await typeOf(UPCOMING_TYPE);
  const pastType = await typeOf(PAST_TYPE);
  const blocks = await tx
    .select({ weekday: providerSchedules.weekday, startTime: providerSchedules.startTime })
    .from(providerSchedules)
    .where(
      and(eq(providerSchedules.providerId, provider.id), eq(providerSchedules.departmentId, department.id)),
    );
  const firstBlock = blocks[0];
  if (!firstBlock) {
    throw new Error(`Demo appointments: ${PROVIDER} has no hours in ${DEPARTMENT}`);
  }
  const weekdays = new Set(blocks.map((block) => block.weekday));
  const [hour = 9, minute = 0] = firstBlock.startTime.split(':').map(Number);
  const today = DateTime.fromJSDate(now, { zone: department.timezone }).startOf('day');
  // One hour into the working day: a whole number of 15- and 30-minute steps from the block start.
  const upcomingStart = workingDay(today.plus({ days: UPCOMING_MIN_DAYS }), weekdays, 1).set({
    hour: hour + 1,
    minute,
  });
  const pastStart = workingDay(today.minus({ days: PAST_DAYS_AGO }), weekdays, -1).set({
    hour: hour + 1,
    minute,
  });
  const common = {
    clinicId: provider.clinicId,
    patientUserId: patient.id,
    providerId: provider.id,
    departmentId: department.id,
    type: 'office' as const,
    bookedByUserId: patient.id,
  };
  await tx.insert(appointments).values([
    {
      ...common,
      consultationTypeId: upcomingType.id,
      startAt: upcomingStart.toJSDate(),
      finishAt: upcomingStart.plus({ minutes: upcomingType.minutes }).toJSDate(),
      status: 'booked',
      comment: 'Blood pressure check',
      createdAt: now,
    },
    {
      ...common,
      consultationTypeId: pastType.id,
      startAt: pastStart.toJSDate(),
      finishAt: pastStart.plus({ minutes: pastType.minutes }).toJSDate(),
      status: 'completed',
      comment: 'First visit',
      createdAt: pastStart.minus({ days: 7 }).toJSDate(),
    },
  ]);
}
