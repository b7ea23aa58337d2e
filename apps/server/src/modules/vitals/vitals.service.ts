import { TASK_NOT_FOUND_TEXT } from '@app/contracts/check-in';
import { bmiOf, type VitalReading, type vitalsInputSchema } from '@app/contracts/vitals';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { requireTask } from '../check-in/check-in.service.ts';
import { findLatestReadingOfTask, insertVitalReading, type VitalReadingRow } from './vitals.repository.ts';

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
  const row = await insertVitalReading(db, {
    userId: task.userId,
    clinicId: task.clinicId,
    appointmentId: task.appointmentId,
    taskId: task.id,
    ...input,
    bmi: bmiOf(input.weight, input.height),
    recordedByUserId: auth.userId,
    recordedAt: now,
  });
  return toReading(row);
}
