import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Answer } from '@app/contracts/questionnaires';
import type { Db } from '../../db/client.ts';
import { taskSettings, tasks } from '../../db/schema/check-in.ts';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { questionnaireForms, questionnaireResponses } from '../../db/schema/questionnaires.ts';

export type QuestionnaireFormRow = typeof questionnaireForms.$inferSelect;
export type QuestionnaireResponseRow = typeof questionnaireResponses.$inferSelect;

/** The clinic's forms among these ids (a setting may only point at its own clinic's forms). */
export async function findClinicForms(
  db: Db,
  clinicId: string,
  formIds: string[],
): Promise<QuestionnaireFormRow[]> {
  if (formIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(questionnaireForms)
    .where(and(eq(questionnaireForms.clinicId, clinicId), inArray(questionnaireForms.id, formIds)));
}

export async function findTaskResponses(db: Db, taskId: string): Promise<QuestionnaireResponseRow[]> {
  return db.select().from(questionnaireResponses).where(eq(questionnaireResponses.taskId, taskId));
}

/** One response per task and form: saving again replaces the answers. */
export async function upsertResponse(
  db: Db,
  values: {
    formId: string;
    taskId: string;
    appointmentId: string | null;
    patientUserId: string;
    clinicId: string;
    answers: Record<string, Answer>;
    submittedBy: string;
    submittedAt: Date;
  },
): Promise<QuestionnaireResponseRow> {
  const [row] = await db
    .insert(questionnaireResponses)
    .values(values)
    .onConflictDoUpdate({
      target: [questionnaireResponses.taskId, questionnaireResponses.formId],
      set: {
        answers: sql`excluded.answers`,
        submittedBy: sql`excluded.submitted_by`,
        submittedAt: sql`excluded.submitted_at`,
      },
    })
    .returning();
  if (!row) {
    throw new Error('questionnaire response was not saved');
  }
  return row;
}

export async function isPatientOfClinics(
  db: Db,
  patientUserId: string,
  clinicIds: string[],
): Promise<boolean> {
  if (clinicIds.length === 0) {
    return false;
  }
  const [row] = await db
    .select({ userId: clinicPatients.userId })
    .from(clinicPatients)
    .where(and(eq(clinicPatients.userId, patientUserId), inArray(clinicPatients.clinicId, clinicIds)))
    .limit(1);
  return row !== undefined;
}

/** A patient's saved responses at these clinics, newest first, with their form and task title. */
export async function findPatientResponses(db: Db, patientUserId: string, clinicIds: string[]) {
  return db
    .select({ response: questionnaireResponses, form: questionnaireForms, taskTitle: taskSettings.title })
    .from(questionnaireResponses)
    .innerJoin(questionnaireForms, eq(questionnaireForms.id, questionnaireResponses.formId))
    .innerJoin(tasks, eq(tasks.id, questionnaireResponses.taskId))
    .innerJoin(taskSettings, eq(taskSettings.id, tasks.settingId))
    .where(
      and(
        eq(questionnaireResponses.patientUserId, patientUserId),
        inArray(questionnaireResponses.clinicId, clinicIds),
      ),
    )
    .orderBy(desc(questionnaireResponses.submittedAt))
    .limit(200);
}
