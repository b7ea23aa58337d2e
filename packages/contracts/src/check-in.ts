import { z } from 'zod';
import { singleLineText } from './text.ts';

// spec 2 §3 Check-in task and task action types, §4 check-in tasks / quick link / on-the-fly tasks,
// §7 task calls. Paths are ours (decision 0018): the spec names none.

/** spec 2 §3: task statuses. Quick links also send them in lower case; both are accepted. */
export const TASK_STATUSES = ['NEW', 'ACCESSED', 'DONE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskStatusSchema = z.enum(TASK_STATUSES);
/** Accepts 'new' / 'accessed' / 'done' as well (spec 2 §3 "quick links also use lower case"). */
export const taskStatusInputSchema = singleLineText()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(TASK_STATUSES, { error: 'Status must be NEW, ACCESSED or DONE.' }));

/** spec 2 §3 value types. */
export const TASK_VALUE_TYPES = ['REGULAR', 'VITAL', 'DEMOGRAPHICS', 'INSURANCE_CARD'] as const;
export type TaskValueType = (typeof TASK_VALUE_TYPES)[number];
export const taskValueTypeSchema = z.enum(TASK_VALUE_TYPES);

/** spec 2 §3 task action types (our slugs for the spec's names). */
export const TASK_ACTION_TYPES = [
  'questionnaire',
  'hhf',
  'hhf_external',
  'hpi_questionnaire',
  'ros_questionnaire',
  'demographic_uds',
  'sign_document',
  'insurance_card',
  'demographics',
  'outstanding_balance',
  'copay',
  'vital',
  'regular',
] as const;
export type TaskActionType = (typeof TASK_ACTION_TYPES)[number];
export const taskActionTypeSchema = z.enum(TASK_ACTION_TYPES);

/** The action types whose flows mark the task done themselves (spec 2 §4 "except questionnaires and sign-document tasks"). */
export const DONE_BY_OWN_FLOW: readonly TaskActionType[] = [
  'questionnaire',
  'hhf',
  'hhf_external',
  'hpi_questionnaire',
  'ros_questionnaire',
  'sign_document',
];

export function isDoneByOwnFlow(actionType: TaskActionType): boolean {
  return DONE_BY_OWN_FLOW.includes(actionType);
}

/** The questionnaire-like action types: all are answered in the questionnaire flow. */
export const QUESTIONNAIRE_ACTION_TYPES: readonly TaskActionType[] = [
  'questionnaire',
  'hhf',
  'hhf_external',
  'hpi_questionnaire',
  'ros_questionnaire',
];

/**
 * spec 2 §4 "A done task of a type other than regular or vital is not reopened": regular and vital
 * tasks may be opened again after they are done.
 */
export function canReopenDoneTask(valueType: TaskValueType): boolean {
  return valueType === 'REGULAR' || valueType === 'VITAL';
}

/**
 * The task page of an action type, below the task base url (/user/task or /provider/patient/task in
 * self check-in mode). Questionnaire-like tasks go to the questionnaire flow; the insurance-card
 * task chooses among its pages on the client (spec 2 §4).
 */
export const TASK_PAGES: Record<TaskActionType, string> = {
  questionnaire: 'questionnaire',
  hhf: 'questionnaire',
  hhf_external: 'questionnaire',
  hpi_questionnaire: 'questionnaire',
  ros_questionnaire: 'questionnaire',
  demographic_uds: 'demographic/personal',
  demographics: 'demographic/personal',
  sign_document: 'sign-document',
  insurance_card: 'confirm-insurance-card',
  outstanding_balance: 'outstanding-balance',
  copay: 'copay',
  vital: 'vital',
  regular: 'regular',
};

/** spec 2 §3 Check-in task, as the patient (and a provider of the clinic) reads it. */
export const checkInTaskSchema = z.object({
  taskId: z.string(),
  settingId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: taskStatusSchema,
  isDone: z.boolean(),
  valueType: taskValueTypeSchema,
  actions: z.array(z.object({ type: taskActionTypeSchema })),
  clinicUuid: z.string(),
  userId: z.string(),
  /** null for on-the-fly tasks, which belong to no appointment. */
  appointmentId: z.string().nullable(),
  source: z.object({ appointment: z.object({ id: z.string() }).nullable() }),
  todo: z.object({ source: z.object({ appointment_id: z.string().nullable() }) }),
  /** Video tasks do not hold up the check-in (spec 2 §4 "all non-video tasks"). */
  isVideo: z.boolean(),
  dueAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  isActive: z.boolean(),
  listAttachmentId: z.array(z.string()),
  /** What the task's own page needs (questionnaire form ids, document ids, copay amount...). */
  config: z.record(z.string(), z.unknown()),
  order: z.number().int(),
});
export type CheckInTask = z.infer<typeof checkInTaskSchema>;

export const checkInTaskListSchema = z.array(checkInTaskSchema);

export const appointmentTasksParamsSchema = z.object({
  appointmentId: z.uuid('The appointment id is not valid'),
});
export const taskParamsSchema = z.object({
  appointmentId: z.uuid('The appointment id is not valid'),
  taskId: z.uuid('The task id is not valid'),
});

/** spec 2 §7 "Mark a check-in task: appointment id, status, payload {settingId, listAttachmentId}". */
export const markTaskSchema = z.object({
  status: taskStatusInputSchema,
  payload: z
    .object({
      settingId: singleLineText().max(100).optional(),
      listAttachmentId: z.array(singleLineText().max(100)).max(50).optional(),
    })
    .optional(),
});
export type MarkTaskInput = z.input<typeof markTaskSchema>;

/** spec 2 §4: "When all non-video tasks are done ... the check-in is finished (call with list of appointment ids)". */
export const finishCheckInSchema = z.object({
  appointmentIds: z.array(z.uuid('An appointment id is not valid')).min(1).max(20),
});
export type FinishCheckInInput = z.infer<typeof finishCheckInSchema>;
export const finishCheckInResponseSchema = z.object({
  finished: z.boolean(),
  appointmentIds: z.array(z.string()),
  /** Tasks still to do when not finished. */
  remainingTaskIds: z.array(z.string()),
});
export type FinishCheckInResponse = z.infer<typeof finishCheckInResponseSchema>;

/**
 * spec 2 §4 "Multiple appointments of the same department and date group into one check-in entry,
 * finished only if all are finished".
 */
export const checkInEntrySchema = z.object({
  departmentUuid: z.string(),
  departmentName: z.string(),
  /** The local date (YYYY-MM-DD, department zone). */
  date: z.string(),
  appointmentIds: z.array(z.string()),
  startAt: z.string(),
  /** The department's zone (IANA id), so the start can name it ("10:00 AM EST", issue 18 item 4). */
  timezone: z.string(),
  isFinished: z.boolean(),
  /** 'new' when no task of the entry is done yet (spec 2 §4 "The flow is 'new' if no task is done"). */
  flow: z.enum(['new', 'continued']),
});
export type CheckInEntry = z.infer<typeof checkInEntrySchema>;
export const checkInEntryListSchema = z.array(checkInEntrySchema);

/** POST /api/statistic/appointment/check-in (issue 5). */
export const CHECK_IN_STATISTIC_STATUSES = ['started', 'finished', 'session_expired'] as const;
export const checkInStatisticSchema = z.object({
  appointmentId: z.uuid('The appointment id is not valid'),
  status: z.enum(CHECK_IN_STATISTIC_STATUSES, { error: 'Unknown check-in status.' }),
});

/** On-the-fly tasks (spec 2 §4, §7): by setting id, for the signed-in patient of a clinic. */
export const onFlyTaskParamsSchema = z.object({ settingId: z.uuid('The task setting id is not valid') });
export const onFlyListQuerySchema = z.object({ clinicUuid: z.uuid('The clinic id is not valid') });

// spec 2 §2 Quick-link entry: app types and params.
export const QUICK_LINK_TYPES = [
  'careplan',
  'check-in',
  'outside',
  'on-fly',
  'messaging',
  'confirm',
] as const;
export type QuickLinkType = (typeof QUICK_LINK_TYPES)[number];
export const quickLinkTypeSchema = z.enum(QUICK_LINK_TYPES);

/** Quick links live at most this long (decision 0018); each works once. */
export const QUICK_LINK_TTL_HOURS = 72;

export const TASK_NOT_FOUND_TEXT = 'Task not found.';
export const TASK_DONE_BY_FLOW_TEXT = 'This task is completed by answering it.';
export const TASK_NOT_REOPENABLE_TEXT = 'This task is already done.';
