import { z } from 'zod';
import { QUESTIONNAIRE_ACTION_TYPES } from '@app/contracts/check-in';
import {
  QUESTIONNAIRE_TEXTS,
  clearExcludedAnswers,
  collectAnswers,
  fillForm,
  formSchema,
  invalidFields,
  type Answer,
  type Form,
  type PatientQuestionnaireResponse,
  type SaveFormAnswersResponse,
  type TaskQuestionnaire,
} from '@app/contracts/questionnaires';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import type { TaskWithSetting } from '../check-in/check-in.repository.ts';
import { completeTaskByFlow, requireTask } from '../check-in/check-in.service.ts';
import {
  findClinicForms,
  findPatientResponses,
  findTaskResponses,
  isPatientOfClinics,
  upsertResponse,
  type QuestionnaireFormRow,
} from './questionnaires.repository.ts';

// spec 2 §4 Questionnaire progress, §5 questionnaire rules (decision 0020). The server applies the same
// rules as the form (from @app/contracts/questionnaires): it never trusts the client's exclusions or
// its invalid flags.

const formIdsSchema = z.array(z.uuid()).max(20);

/** The form ids of a task's setting (`config.formIds`), in their order; anything malformed: none. */
export function formIdsOfSetting(config: Record<string, unknown>): string[] {
  const parsed = formIdsSchema.safeParse(config['formIds']);
  return parsed.success ? [...new Set(parsed.data)] : [];
}

function notFound(message: string = QUESTIONNAIRE_TEXTS.formNotFound): HttpError {
  return new HttpError(404, message, { code: 'questionnaire_not_found' });
}

/** A questionnaire-like task the caller may work on (patient: own; provider: own clinic), or 404. */
async function requireQuestionnaireTask(db: Db, auth: AuthContext, taskId: string): Promise<TaskWithSetting> {
  const row = await requireTask(db, auth, taskId);
  if (!QUESTIONNAIRE_ACTION_TYPES.includes(row.setting.actionType)) {
    throw notFound(QUESTIONNAIRE_TEXTS.notQuestionnaireTask);
  }
  return row;
}

export function toForm(row: QuestionnaireFormRow): Form {
  return formSchema.parse({ ...row.definition, formId: row.id });
}

/** The task's forms in the setting's order (forms of other clinics or since removed are skipped). */
async function taskForms(db: Db, row: TaskWithSetting): Promise<Form[]> {
  const ids = formIdsOfSetting(row.setting.config);
  const found = new Map((await findClinicForms(db, row.task.clinicId, ids)).map((form) => [form.id, form]));
  return ids.flatMap((id) => {
    const form = found.get(id);
    return form ? [toForm(form)] : [];
  });
}

/** GET the forms of a questionnaire task, each filled with the answers saved so far. */
export async function getTaskQuestionnaire(
  db: Db,
  auth: AuthContext,
  taskId: string,
): Promise<TaskQuestionnaire> {
  const row = await requireQuestionnaireTask(db, auth, taskId);
  const forms = await taskForms(db, row);
  const saved = new Map((await findTaskResponses(db, taskId)).map((response) => [response.formId, response]));
  return {
    taskId: row.task.id,
    appointmentId: row.task.appointmentId,
    title: row.setting.title,
    isDone: row.task.status === 'DONE',
    forms: forms.map((form) => {
      const response = saved.get(form.formId);
      return response ? fillForm(form, response.answers) : form;
    }),
    savedFormIds: forms.filter((form) => saved.has(form.formId)).map((form) => form.formId),
  };
}

/**
 * POST one form's answers. They are read into the form's definition, exclusions are applied and the
 * answers of excluded questions cleared (spec 2 §4), then every field is checked with the §5 rules:
 * any invalid field refuses the whole form with 400 and the fields' details. When every form of the
 * task is saved, the task is done (spec 2 §4: questionnaires complete their own task).
 */
export async function saveFormAnswers(
  db: Db,
  auth: AuthContext,
  params: { taskId: string; formId: string },
  answers: Record<string, Answer>,
  now: Date,
): Promise<SaveFormAnswersResponse> {
  const row = await requireQuestionnaireTask(db, auth, params.taskId);
  const forms = await taskForms(db, row);
  const form = forms.find((candidate) => candidate.formId === params.formId);
  if (!form) {
    throw notFound();
  }
  const filled = clearExcludedAnswers(fillForm(form, answers));
  const invalid = invalidFields(filled);
  if (invalid.length > 0) {
    throw new HttpError(400, QUESTIONNAIRE_TEXTS.invalidForm, {
      code: 'questionnaire_invalid',
      errors: invalid.map((entry) => ({ detail: `${entry.label}: ${entry.reason}`, field: entry.fieldId })),
    });
  }
  return db.transaction(async (tx) => {
    const response = await upsertResponse(tx, {
      formId: form.formId,
      taskId: row.task.id,
      appointmentId: row.task.appointmentId,
      patientUserId: row.task.userId,
      clinicId: row.task.clinicId,
      answers: collectAnswers(filled),
      submittedBy: auth.userId,
      submittedAt: now,
    });
    const saved = new Set((await findTaskResponses(tx, row.task.id)).map((entry) => entry.formId));
    const remainingFormIds = forms.map((entry) => entry.formId).filter((id) => !saved.has(id));
    let taskDone = row.task.status === 'DONE';
    if (remainingFormIds.length === 0 && !taskDone) {
      taskDone = (await completeTaskByFlow(tx, { taskId: row.task.id, patientUserId: row.task.userId }, now))
        .isDone;
    }
    return {
      formId: form.formId,
      submittedAt: response.submittedAt.toISOString(),
      taskDone,
      remainingFormIds,
    };
  });
}

/** A provider reads the questionnaires a patient of their clinic saved there. Anyone else: 404. */
export async function listPatientResponses(
  db: Db,
  auth: AuthContext,
  patientUserId: string,
): Promise<PatientQuestionnaireResponse[]> {
  if (auth.role !== 'provider' || !(await isPatientOfClinics(db, patientUserId, auth.clinicIds))) {
    throw new HttpError(404, 'Patient not found.', { code: 'patient_not_found' });
  }
  const rows = await findPatientResponses(db, patientUserId, auth.clinicIds);
  return rows.map(({ response, form, taskTitle }) => ({
    responseId: response.id,
    taskId: response.taskId,
    taskTitle,
    appointmentId: response.appointmentId,
    submittedAt: response.submittedAt.toISOString(),
    form: fillForm(toForm(form), response.answers),
  }));
}
