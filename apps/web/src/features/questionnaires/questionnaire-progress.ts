// spec 2 §4 Questionnaire progress: "Ordered list of forms and a current index starting at -1.
// Advancing increments the index and navigates to that form if the task has an appointment. After the
// last form, form storage is cleared and the user goes to the task's action, or to the base url if no
// task is active."

export interface QuestionnaireProgress {
  readonly formIds: readonly string[];
  /** -1 before the first form. */
  readonly index: number;
}

export function startProgress(formIds: readonly string[]): QuestionnaireProgress {
  return { formIds, index: -1 };
}

/** The progress while a form is shown (its place in the list; -1 when it is not the task's). */
export function progressAt(formIds: readonly string[], formId: string): QuestionnaireProgress {
  return { formIds, index: formIds.indexOf(formId) };
}

export type ProgressStep =
  { kind: 'form'; formId: string; progress: QuestionnaireProgress } | { kind: 'done' };

export function advance(progress: QuestionnaireProgress): ProgressStep {
  const index = progress.index + 1;
  const formId = progress.formIds[index];
  return formId === undefined ? { kind: 'done' } : { kind: 'form', formId, progress: { ...progress, index } };
}

export function isLastForm(progress: QuestionnaireProgress): boolean {
  return progress.index === progress.formIds.length - 1;
}

/** Where the questionnaire lives and where its tasks are (spec 2 §2: normal and self check-in prefixes). */
export interface QuestionnaireBase {
  /** e.g. /user/task/questionnaire */
  readonly questionnaire: string;
  /** The task base url: /user/task or /provider/patient/task (self check-in). */
  readonly task: string;
}

export function questionnaireBaseOf(pathname: string): QuestionnaireBase {
  if (pathname.startsWith('/provider/patient/task/questionnaire')) {
    return { questionnaire: '/provider/patient/task/questionnaire', task: '/provider/patient/task' };
  }
  if (pathname.startsWith('/user/questionnaire')) {
    return { questionnaire: '/user/questionnaire', task: '/user/task' };
  }
  return { questionnaire: '/user/task/questionnaire', task: '/user/task' };
}

function query(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) {
      search.set(key, value);
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** spec 2 §2 "questionnaire form: {questionnaire base url}/main/{formId}?appointmentId". */
export function formPath(
  base: QuestionnaireBase,
  formId: string,
  params: { appointmentId: string | null; taskId: string },
): string {
  return `${base.questionnaire}/main/${encodeURIComponent(formId)}${query(params)}`;
}

/**
 * After the last form: back to the task dashboard of the appointment (which opens the next task), or
 * to the app's base url when the task has no appointment.
 */
export function afterLastFormPath(base: QuestionnaireBase, appointmentId: string | null): string {
  return appointmentId
    ? `${base.task}${query({ appointmentId })}`
    : base.task.startsWith('/provider')
      ? base.task
      : '/user/task-feed';
}
