import {
  CARE_PLAN_NOT_FOUND_TEXT,
  INTELLIMAP_ALERT_DAYS,
  meetsGoal,
  type CarePlan,
  type ClinicIntellimap,
  type ClinicIntellimapQuery,
  type Intellimap,
  type IntellimapAlert,
  type IntellimapTask,
  type MonitoringDevice,
  type carePlanInputSchema,
  type monitoringDeviceRequestSchema,
} from '@app/contracts/care-plans';
import type { VitalKey } from '@app/contracts/vitals';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { latestVitalValueOf, requireClinicPatient, vitalValuesOf } from '../vitals/vitals.service.ts';
import {
  findCarePlan,
  findCarePlans,
  findClinicCarePlanPatients,
  findGoalsOfPlans,
  findMonitoringDevices,
  insertCarePlan,
  insertMonitoringDevice,
  replaceGoals,
  updateCarePlan as updateCarePlanRow,
  type CarePlanGoalRow,
  type CarePlanRow,
  type MonitoringDeviceRow,
} from './care-plans.repository.ts';

// Issue 6 item 9, spec 3 §2 health tab (decision 0028): care plans with goals per patient and clinic,
// written by the clinic's providers with REMOTE_PATIENT_MONITORING and read by the patient; the
// Intellimap's alerts and tasks are computed from the goals and the patient's vitals history.

type CarePlanInput = z.output<typeof carePlanInputSchema>;
type DeviceRequest = z.output<typeof monitoringDeviceRequestSchema>;

function toCarePlan(row: CarePlanRow, goals: CarePlanGoalRow[]): CarePlan {
  return {
    id: row.id,
    title: row.title,
    notes: row.notes,
    goals: goals
      .filter((goal) => goal.carePlanId === row.id)
      .map((goal) => ({
        id: goal.id,
        key: goal.key as VitalKey,
        targetMin: goal.targetMin,
        targetMax: goal.targetMax,
        dueDate: goal.dueDate,
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function plansWithGoals(db: Db, userId: string, clinicId: string | null): Promise<CarePlan[]> {
  const plans = await findCarePlans(db, userId, clinicId);
  const goals = await findGoalsOfPlans(
    db,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => toCarePlan(plan, goals));
}

export async function listCarePlans(db: Db, clinicId: string, patientId: string) {
  await requireClinicPatient(db, clinicId, patientId);
  return { carePlans: await plansWithGoals(db, patientId, clinicId) };
}

/** The patient's own care plans, of every clinic. */
export async function listOwnCarePlans(db: Db, auth: AuthContext) {
  return { carePlans: await plansWithGoals(db, auth.userId, null) };
}

function goalFields(input: CarePlanInput) {
  return input.goals.map((goal) => ({
    key: goal.key,
    targetMin: goal.targetMin,
    targetMax: goal.targetMax,
    dueDate: goal.dueDate,
  }));
}

export async function createCarePlan(
  db: Db,
  auth: AuthContext,
  clinicId: string,
  patientId: string,
  input: CarePlanInput,
  now: Date,
): Promise<CarePlan> {
  await requireClinicPatient(db, clinicId, patientId);
  return db.transaction(async (tx) => {
    const plan = await insertCarePlan(tx, {
      userId: patientId,
      clinicId,
      title: input.title,
      notes: input.notes,
      createdByUserId: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    const goals = await replaceGoals(tx, plan.id, goalFields(input));
    return toCarePlan(plan, goals);
  });
}

export async function updateCarePlan(
  db: Db,
  clinicId: string,
  patientId: string,
  carePlanId: string,
  input: CarePlanInput,
  now: Date,
): Promise<CarePlan> {
  await requireClinicPatient(db, clinicId, patientId);
  return db.transaction(async (tx) => {
    const existing = await findCarePlan(tx, carePlanId, patientId, clinicId);
    if (!existing) {
      throw new HttpError(404, CARE_PLAN_NOT_FOUND_TEXT, { code: 'not_found' });
    }
    const plan = await updateCarePlanRow(tx, carePlanId, {
      title: input.title,
      notes: input.notes,
      updatedAt: now,
    });
    const goals = await replaceGoals(tx, plan.id, goalFields(input));
    return toCarePlan(plan, goals);
  });
}

function toDevice(row: MonitoringDeviceRow): MonitoringDevice {
  return {
    id: row.id,
    kind: row.kind as MonitoringDevice['kind'],
    status: row.status as MonitoringDevice['status'],
    serialNumber: row.serialNumber,
    requestedAt: row.requestedAt.toISOString(),
  };
}

export async function listMonitoringDevices(db: Db, clinicId: string, patientId: string) {
  await requireClinicPatient(db, clinicId, patientId);
  return { devices: (await findMonitoringDevices(db, patientId, clinicId)).map(toDevice) };
}

/** "order/connect device": an order to ship one, or a device the patient already uses. */
export async function requestMonitoringDevice(
  db: Db,
  auth: AuthContext,
  clinicId: string,
  patientId: string,
  input: DeviceRequest,
  now: Date,
): Promise<MonitoringDevice> {
  await requireClinicPatient(db, clinicId, patientId);
  // In a transaction, so the request and its audit event commit together (decision 0064).
  const row = await db.transaction((tx) =>
    insertMonitoringDevice(tx, {
      userId: patientId,
      clinicId,
      kind: input.kind,
      status: input.action === 'order' ? 'ordered' : 'connected',
      serialNumber: input.serialNumber,
      requestedByUserId: auth.userId,
      requestedAt: now,
    }),
  );
  return toDevice(row);
}

/**
 * Intellimap: an alert for every reading of the last INTELLIMAP_ALERT_DAYS outside a goal's target
 * (newest first); a task for every goal — met when the latest reading meets it, overdue when its due
 * date has passed unmet, open otherwise.
 */
export async function readIntellimap(
  db: Db,
  clinicId: string,
  patientId: string,
  now: Date,
): Promise<Intellimap> {
  await requireClinicPatient(db, clinicId, patientId);
  return intellimapOf(db, clinicId, patientId, now);
}

async function intellimapOf(db: Db, clinicId: string, patientId: string, now: Date): Promise<Intellimap> {
  const plans = await plansWithGoals(db, patientId, clinicId);
  const goals = plans.flatMap((plan) => plan.goals.map((goal) => ({ ...goal, carePlanTitle: plan.title })));
  const keys = [...new Set(goals.map((goal) => goal.key))];
  const values = keys.length > 0 ? await vitalValuesOf(db, patientId, keys, INTELLIMAP_ALERT_DAYS, now) : [];
  const today = now.toISOString().slice(0, 10);
  const alerts: IntellimapAlert[] = [];
  const tasks: IntellimapTask[] = [];
  for (const goal of goals) {
    for (const value of values) {
      if (value.key === goal.key && !meetsGoal(goal, value.value)) {
        alerts.push({
          goalId: goal.id,
          carePlanTitle: goal.carePlanTitle,
          key: goal.key,
          value: value.value,
          recordedAt: value.recordedAt,
          targetMin: goal.targetMin,
          targetMax: goal.targetMax,
        });
      }
    }
    const latestValue = await latestVitalValueOf(db, patientId, goal.key);
    const met = latestValue !== null && meetsGoal(goal, latestValue);
    tasks.push({
      goalId: goal.id,
      carePlanTitle: goal.carePlanTitle,
      key: goal.key,
      targetMin: goal.targetMin,
      targetMax: goal.targetMax,
      dueDate: goal.dueDate,
      latestValue,
      status: met ? 'met' : goal.dueDate < today ? 'overdue' : 'open',
    });
  }
  alerts.sort((a, b) => b.recordedAt.localeCompare(a.recordedAt));
  tasks.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return { alerts, tasks };
}

/**
 * Issue 17 item 6 (decision 0045): /provider/intellimap, every Intellimap of the clinic on one board —
 * alerts newest first, tasks by due date (overdue ones first among equal dates), each naming its
 * patient. The caller's membership of the clinic is checked by the access rule.
 */
export async function readClinicIntellimap(
  db: Db,
  clinicId: string,
  query: ClinicIntellimapQuery,
  now: Date,
): Promise<ClinicIntellimap> {
  const patients = await findClinicCarePlanPatients(db, clinicId);
  const board: ClinicIntellimap = { patientCount: patients.length, alerts: [], tasks: [] };
  for (const patient of patients) {
    const named = { patientId: patient.id, patientName: `${patient.firstName} ${patient.lastName}`.trim() };
    const map = await intellimapOf(db, clinicId, patient.id, now);
    board.alerts.push(...map.alerts.map((alert) => ({ ...alert, ...named })));
    board.tasks.push(
      ...map.tasks
        .filter((task) => query.status === undefined || task.status === query.status)
        .map((task) => ({ ...task, ...named })),
    );
  }
  const urgency = { overdue: 0, open: 1, met: 2 } as const;
  board.alerts.sort((a, b) => b.recordedAt.localeCompare(a.recordedAt));
  board.tasks.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || urgency[a.status] - urgency[b.status]);
  return board;
}
