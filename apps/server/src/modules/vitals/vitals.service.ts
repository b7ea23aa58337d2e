import { TASK_NOT_FOUND_TEXT } from '@app/contracts/check-in';
import {
  FUTURE_READING_TEXT,
  bmiOf,
  vitalValueProblem,
  type VitalKey,
  type VitalReading,
  type VitalValue,
  type vitalEntryInputSchema,
  type vitalSeriesQuerySchema,
  type vitalsInputSchema,
} from '@app/contracts/vitals';
import { PATIENT_NOT_FOUND_TEXT } from '@app/contracts/care-plans';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { requireTask } from '../check-in/check-in.service.ts';
import {
  findLatestReadingOfTask,
  findLatestVitalValue,
  findVitalValues,
  insertVitalReading,
  insertVitalValues,
  isPatientOfClinic,
  type VitalReadingRow,
  type VitalValueRow,
} from './vitals.repository.ts';

// Issue 5 item 10 (decision 0021): the vitals task stores one reading per entry, with the task and its
// appointment; BMI is computed here from weight and height, never taken from the client.

function toReading(row: VitalReadingRow): VitalReading {
  return {
    id: row.id,
    taskId: row.taskId,
    appointmentId: row.appointmentId,
    pulse: row.pulse,
    systolicBp: row.systolicBp,
    diastolicBp: row.diastolicBp,
    temperature: row.temperature,
    weight: row.weight,
    height: row.height,
    bmi: row.bmi,
    oxygenSaturation: row.oxygenSaturation,
    pain: row.pain,
    recordedAt: row.recordedAt.toISOString(),
  };
}

/** The caller's vital task (patient: own; provider: own clinic's), or 404 — a task of another kind too. */
async function requireVitalTask(db: Db, auth: AuthContext, taskId: string) {
  const row = await requireTask(db, auth, taskId);
  if (row.setting.actionType !== 'vital') {
    throw new HttpError(404, TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
  }
  return row;
}

export async function getTaskVitals(db: Db, auth: AuthContext, taskId: string) {
  await requireVitalTask(db, auth, taskId);
  const row = await findLatestReadingOfTask(db, taskId);
  return { reading: row ? toReading(row) : null };
}

export async function recordTaskVitals(
  db: Db,
  auth: AuthContext,
  taskId: string,
  input: z.output<typeof vitalsInputSchema>,
  now: Date,
): Promise<VitalReading> {
  const { task } = await requireVitalTask(db, auth, taskId);
  return db.transaction(async (tx) => {
    const row = await insertVitalReading(tx, {
      userId: task.userId,
      clinicId: task.clinicId,
      appointmentId: task.appointmentId,
      taskId: task.id,
      ...input,
      bmi: bmiOf(input.weight, input.height),
      recordedByUserId: auth.userId,
      recordedAt: now,
    });
    // Issue 6 item 9: the task's reading joins the patient's per-key history (graphs, flowsheet).
    const byKey: [VitalKey, number | null][] = [
      ['pulse', row.pulse],
      ['systolic_bp', row.systolicBp],
      ['diastolic_bp', row.diastolicBp],
      ['temperature', row.temperature],
      ['weight', row.weight],
      ['height', row.height],
      ['bmi', row.bmi],
      ['oxygen_saturation', row.oxygenSaturation],
      ['pain', row.pain],
    ];
    await insertVitalValues(
      tx,
      byKey.flatMap(([key, value]) =>
        value === null
          ? []
          : [
              {
                userId: row.userId,
                readingId: row.id,
                key,
                value,
                recordedByUserId: auth.userId,
                recordedAt: now,
                createdAt: now,
              },
            ],
      ),
    );
    return toReading(row);
  });
}

// Issue 6 item 9 (decision 0028): the per-key history behind the graphs, flowsheet and Intellimap.

type SeriesQuery = z.output<typeof vitalSeriesQuerySchema>;
type EntryInput = z.output<typeof vitalEntryInputSchema>;

/** A reading may be dated at most this far ahead of the server clock (device clocks drift). */
const CLOCK_SKEW_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

function toValue(row: VitalValueRow): VitalValue {
  return { id: row.id, key: row.key as VitalKey, value: row.value, recordedAt: row.recordedAt.toISOString() };
}

/** The values of a patient's keys over the last `days`, oldest first (for other modules too). */
export async function vitalValuesOf(
  db: Db,
  userId: string,
  keys: readonly VitalKey[],
  days: number,
  now: Date,
): Promise<VitalValue[]> {
  const rows = await findVitalValues(db, userId, keys, new Date(now.getTime() - days * DAY_MS));
  return rows.map(toValue);
}

/** The latest value of a patient's key, or null. */
export function latestVitalValueOf(db: Db, userId: string, key: VitalKey): Promise<number | null> {
  return findLatestVitalValue(db, userId, key);
}

/**
 * A patient registered at the clinic, or 404 with the same answer for a patient of another clinic
 * and one who does not exist. The caller's membership of the clinic is checked by the access rule.
 */
export async function requireClinicPatient(db: Db, clinicId: string, patientId: string): Promise<void> {
  if (!(await isPatientOfClinic(db, clinicId, patientId))) {
    throw new HttpError(404, PATIENT_NOT_FOUND_TEXT, { code: 'not_found' });
  }
}

export async function readOwnSeries(db: Db, auth: AuthContext, query: SeriesQuery, now: Date) {
  return { values: await vitalValuesOf(db, auth.userId, query.keys, query.days, now) };
}

export async function readPatientSeries(
  db: Db,
  clinicId: string,
  patientId: string,
  query: SeriesQuery,
  now: Date,
) {
  await requireClinicPatient(db, clinicId, patientId);
  return { values: await vitalValuesOf(db, patientId, query.keys, query.days, now) };
}

/**
 * The patient records values measured together (a chart group's form). BMI is computed when the
 * entry has a weight or a height, taking the other from the latest one stored.
 */
export async function recordOwnEntry(db: Db, auth: AuthContext, input: EntryInput, now: Date) {
  const recordedAt = input.recordedAt ? new Date(input.recordedAt) : now;
  if (recordedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new HttpError(400, FUTURE_READING_TEXT, {
      code: 'validation',
      errors: [{ field: 'recordedAt', detail: FUTURE_READING_TEXT }],
    });
  }
  const entries = Object.entries(input.values) as [VitalKey, number][];
  const weight = input.values.weight ?? null;
  const height = input.values.height ?? null;
  // One transaction: the BMI's latest weight or height is read in it, and its audit events join it.
  const rows = await db.transaction(async (tx) => {
    if (weight !== null || height !== null) {
      const bmi = bmiOf(
        weight ?? (await findLatestVitalValue(tx, auth.userId, 'weight')),
        height ?? (await findLatestVitalValue(tx, auth.userId, 'height')),
      );
      if (bmi !== null && vitalValueProblem('bmi', bmi) === null) {
        entries.push(['bmi', bmi]);
      }
    }
    return insertVitalValues(
      tx,
      entries.map(([key, value]) => ({
        userId: auth.userId,
        key,
        value,
        recordedByUserId: auth.userId,
        recordedAt,
        // When it was entered, by the server's clock (recordedAt may be the device's earlier time).
        createdAt: now,
      })),
    );
  });
  return { values: rows.map(toValue) };
}
