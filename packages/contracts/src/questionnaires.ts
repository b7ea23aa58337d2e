import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

// spec 2 §3 Questionnaire (the form model), §4 Questionnaire progress, §5 questionnaire rules
// (decision 0020). The rules below are pure functions over the form model, used by the web form (to
// lock Next and show exclusions) and by the server (to refuse what the form would have refused).

/** spec 2 §3 "type: numeric / date part / variant". 'text' is ours: a variant's "please specify" needs it. */
export const FIELD_TYPES = ['numeric', 'date_part', 'variant', 'text'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** spec 2 §3 "typeView: calendar date / checkbox". */
export const FIELD_TYPE_VIEWS = ['calendar_date', 'checkbox'] as const;
export type FieldTypeView = (typeof FIELD_TYPE_VIEWS)[number];

export const TEXT_ANSWER_MAX = 2000;
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

/** spec 2 §3 "date answer has year, month, day"; any part may be missing while the patient types. */
export const dateAnswerSchema = z.object({
  year: z.number().int().nullable().optional(),
  month: z.number().int().nullable().optional(),
  day: z.number().int().nullable().optional(),
});
export type DateAnswer = z.infer<typeof dateAnswerSchema>;

/** A numeric answer (number, or '' while the input is empty), text, chosen variant ids, a date, or nothing. */
export const answerSchema = z.union([
  z.number(),
  multiLineText().max(TEXT_ANSWER_MAX, `An answer may have at most ${TEXT_ANSWER_MAX} characters.`),
  z.array(singleLineText().max(100)).max(100),
  dateAnswerSchema,
  z.null(),
]);
export type Answer = z.infer<typeof answerSchema>;

export const variantSchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string(),
  isExcluded: z.boolean(),
  /** Variants (of any question) this one excludes when chosen. */
  excludingVariantList: z.array(z.string()),
  /** Whole questions this one excludes when chosen. */
  excludingQuestionList: z.array(z.string()),
  /** Sub-fields shown (and validated) only while this variant is chosen. */
  get conditionalFieldList(): z.ZodArray<typeof fieldSchema> {
    return z.array(fieldSchema);
  },
});

export const fieldSchema = z.object({
  fieldId: z.string().min(1).max(100),
  label: z.string(),
  hint: z.string().nullable().optional(),
  type: z.enum(FIELD_TYPES),
  typeView: z.enum(FIELD_TYPE_VIEWS).nullable(),
  answer: answerSchema,
  required: z.boolean(),
  /** Set by the form when the input cannot be read (e.g. letters in a number); spec 2 §5. */
  invalid: z.boolean(),
  multi: z.boolean(),
  /** For numeric fields: the accepted range. */
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  get variantList(): z.ZodArray<typeof variantSchema> {
    return z.array(variantSchema);
  },
});
export type Field = z.infer<typeof fieldSchema>;
export type Variant = z.infer<typeof variantSchema>;

export const questionSchema = z.object({
  id: z.string().min(1).max(100),
  text: z.string(),
  fieldList: z.array(fieldSchema),
  isExcluded: z.boolean(),
  isDeleted: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionGroupSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string(),
  order: z.number().int(),
  questionList: z.array(questionSchema),
});
export type QuestionGroup = z.infer<typeof questionGroupSchema>;

export const formSchema = z.object({
  formId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  groupList: z.array(questionGroupSchema),
});
export type Form = z.infer<typeof formSchema>;

// ---------------------------------------------------------------------------------------------------
// Rules (spec 2 §4, §5)

export function isDateAnswer(answer: Answer | undefined): answer is DateAnswer {
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer);
}

const present = (value: number | null | undefined): value is number => typeof value === 'number';

/** spec 2 §5: "A field accepts multiple answers if flagged multi or checkbox-style". */
export function acceptsMultiple(field: Pick<Field, 'multi' | 'typeView'>): boolean {
  return field.multi || field.typeView === 'checkbox';
}

/**
 * spec 2 §5 "Empty: empty list or falsy value; for numeric, null or empty string (zero is valid);
 * calendar date part, year, month or day missing; other date parts incomplete if year missing or a
 * day without a month".
 */
export function isEmptyAnswer(field: Pick<Field, 'type' | 'typeView'>, answer: Answer | undefined): boolean {
  if (field.type === 'numeric') {
    // spec 2 §5: zero is a valid number.
    return answer === null || answer === undefined || answer === '';
  }
  if (field.type === 'date_part') {
    if (!isDateAnswer(answer)) {
      return true;
    }
    if (field.typeView === 'calendar_date') {
      return !present(answer.year) || !present(answer.month) || !present(answer.day);
    }
    return !present(answer.year) || (present(answer.day) && !present(answer.month));
  }
  if (Array.isArray(answer)) {
    return answer.length === 0;
  }
  if (typeof answer === 'string') {
    return answer.trim() === '';
  }
  return !answer;
}

/** The variant ids a field's answer holds. */
export function selectedVariantIds(field: Pick<Field, 'type' | 'answer'>): string[] {
  if (field.type !== 'variant') {
    return [];
  }
  if (Array.isArray(field.answer)) {
    return field.answer;
  }
  return typeof field.answer === 'string' && field.answer !== '' ? [field.answer] : [];
}

/** The chosen variants of a field, in the field's order. */
export function selectedVariants(field: Field): Variant[] {
  const ids = new Set(selectedVariantIds(field));
  return field.variantList.filter((variant) => ids.has(variant.id));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const ANSWER_FORMAT_TEXTS = {
  number: 'Enter a number.',
  range: (min: number | null | undefined, max: number | null | undefined) =>
    present(min) && present(max)
      ? `Enter a number from ${min} to ${max}.`
      : present(min)
        ? `Enter a number of at least ${min}.`
        : `Enter a number of at most ${max ?? ''}.`,
  date: 'Enter a valid date.',
  variant: 'Choose one of the options shown.',
  single: 'Choose only one option.',
  text: 'Enter text.',
  invalid: 'This answer is not valid.',
} as const;

/**
 * What is wrong with the shape of an answer, or null. Both sides use it: the form sets the field's
 * `invalid` flag from it, and the server refuses an answer the form could not have produced.
 */
export function answerFormatError(field: Field, answer: Answer | undefined): string | null {
  if (answer === null || answer === undefined) {
    return null;
  }
  switch (field.type) {
    case 'numeric': {
      if (answer === '') {
        return null;
      }
      if (typeof answer !== 'number' || !Number.isFinite(answer)) {
        return ANSWER_FORMAT_TEXTS.number;
      }
      if ((present(field.min) && answer < field.min) || (present(field.max) && answer > field.max)) {
        return ANSWER_FORMAT_TEXTS.range(field.min, field.max);
      }
      return null;
    }
    case 'date_part': {
      if (!isDateAnswer(answer)) {
        return ANSWER_FORMAT_TEXTS.date;
      }
      const { year, month, day } = answer;
      if (present(year) && (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX)) {
        return ANSWER_FORMAT_TEXTS.date;
      }
      if (present(month) && (month < 1 || month > 12)) {
        return ANSWER_FORMAT_TEXTS.date;
      }
      const limit = present(year) && present(month) ? daysInMonth(year, month) : 31;
      if (present(day) && (day < 1 || day > limit)) {
        return ANSWER_FORMAT_TEXTS.date;
      }
      return null;
    }
    case 'variant': {
      if (!Array.isArray(answer)) {
        return ANSWER_FORMAT_TEXTS.variant;
      }
      const known = new Set(field.variantList.map((variant) => variant.id));
      if (answer.some((id) => !known.has(id)) || new Set(answer).size !== answer.length) {
        return ANSWER_FORMAT_TEXTS.variant;
      }
      if (!acceptsMultiple(field) && answer.length > 1) {
        return ANSWER_FORMAT_TEXTS.single;
      }
      return null;
    }
    case 'text':
      return typeof answer === 'string' ? null : ANSWER_FORMAT_TEXTS.text;
  }
}

/**
 * spec 2 §5 "Questionnaire field invalid if flagged invalid, or required with an empty answer ...
 * Conditional sub-fields of selected variants are validated too."
 */
export function isFieldInvalid(field: Field): boolean {
  if (field.invalid || (field.required && isEmptyAnswer(field, field.answer))) {
    return true;
  }
  return selectedVariants(field).some((variant) => variant.conditionalFieldList.some(isFieldInvalid));
}

/** The groups in their order (spec 2 §3 "groupList with order"). */
export function orderedGroups(form: Form): QuestionGroup[] {
  return [...form.groupList].sort((a, b) => a.order - b.order);
}

/** The questions the patient answers: not deleted, not excluded. */
export function activeQuestions(form: Form): Question[] {
  return orderedGroups(form).flatMap((group) =>
    group.questionList.filter((question) => !question.isDeleted && !question.isExcluded),
  );
}

export type InvalidField = { questionId: string; fieldId: string; label: string; reason: string };

export const QUESTIONNAIRE_TEXTS = {
  required: 'This field is required.',
  invalidForm: 'Some answers are missing or not valid.',
  formNotFound: 'Questionnaire not found.',
  notQuestionnaireTask: 'This task has no questionnaire.',
} as const;

function invalidOf(questionId: string, field: Field): InvalidField[] {
  const own: InvalidField[] = [];
  const format = answerFormatError(field, field.answer);
  if (field.invalid || format !== null) {
    own.push({
      questionId,
      fieldId: field.fieldId,
      label: field.label,
      reason: format ?? ANSWER_FORMAT_TEXTS.invalid,
    });
  } else if (field.required && isEmptyAnswer(field, field.answer)) {
    own.push({
      questionId,
      fieldId: field.fieldId,
      label: field.label,
      reason: QUESTIONNAIRE_TEXTS.required,
    });
  }
  const nested = selectedVariants(field).flatMap((variant) =>
    variant.conditionalFieldList.flatMap((sub) => invalidOf(questionId, sub)),
  );
  return [...own, ...nested];
}

/** spec 2 §4 "Next is locked while any field is invalid": the fields that lock it, with the reason. */
export function invalidFields(form: Form): InvalidField[] {
  return activeQuestions(form).flatMap((question) =>
    question.fieldList.flatMap((field) => invalidOf(question.id, field)),
  );
}

export function isFormValid(form: Form): boolean {
  return invalidFields(form).length === 0;
}

function mapFields(fields: Field[], change: (field: Field) => Field): Field[] {
  return fields.map((field) => {
    const changed = change(field);
    return {
      ...changed,
      variantList: changed.variantList.map((variant) => ({
        ...variant,
        conditionalFieldList: mapFields(variant.conditionalFieldList, change),
      })),
    };
  });
}

function mapForm(form: Form, change: (field: Field, question: Question) => Field): Form {
  return {
    ...form,
    groupList: form.groupList.map((group) => ({
      ...group,
      questionList: group.questionList.map((question) => ({
        ...question,
        fieldList: mapFields(question.fieldList, (field) => change(field, question)),
      })),
    })),
  };
}

/** Every field of a form, conditional sub-fields included, with their question. */
export function allFields(form: Form): { question: Question; field: Field }[] {
  const out: { question: Question; field: Field }[] = [];
  const walk = (question: Question, fields: Field[]) => {
    for (const field of fields) {
      out.push({ question, field });
      for (const variant of field.variantList) {
        walk(question, variant.conditionalFieldList);
      }
    }
  };
  for (const group of orderedGroups(form)) {
    for (const question of group.questionList) {
      walk(question, question.fieldList);
    }
  }
  return out;
}

/** The empty answer of a field: an empty list for variants, null otherwise. */
export function emptyAnswer(field: Pick<Field, 'type'>): Answer {
  return field.type === 'variant' ? [] : null;
}

/**
 * spec 2 §4 "Choosing a variant can exclude other variants and whole questions; excluded variants are
 * removed from the answer." Exclusions are recomputed from the chosen variants in document order: a
 * question excluded by an earlier choice does not exclude anything itself (decision 0020).
 */
export function applyExclusions(form: Form): Form {
  const excludedQuestions = new Set<string>();
  const excludedVariants = new Set<string>();
  const visit = (fields: Field[]) => {
    for (const field of fields) {
      for (const variant of selectedVariants(field)) {
        if (excludedVariants.has(variant.id)) {
          continue;
        }
        variant.excludingQuestionList.forEach((id) => excludedQuestions.add(id));
        variant.excludingVariantList.forEach((id) => excludedVariants.add(id));
        visit(variant.conditionalFieldList);
      }
    }
  };
  for (const group of orderedGroups(form)) {
    for (const question of group.questionList) {
      if (!question.isDeleted && !excludedQuestions.has(question.id)) {
        visit(question.fieldList);
      }
    }
  }
  const marked = mapForm(form, (field) => ({
    ...field,
    answer:
      field.type === 'variant'
        ? selectedVariantIds(field).filter((id) => !excludedVariants.has(id))
        : field.answer,
    variantList: field.variantList.map((variant) => ({
      ...variant,
      isExcluded: excludedVariants.has(variant.id),
    })),
  }));
  return {
    ...marked,
    groupList: marked.groupList.map((group) => ({
      ...group,
      questionList: group.questionList.map((question) => ({
        ...question,
        isExcluded: excludedQuestions.has(question.id),
      })),
    })),
  };
}

/**
 * The patient chooses (or un-chooses) a variant. One-answer fields hold only the new choice. The new
 * choice wins over earlier ones that exclude it: those are dropped (decision 0020), so an excluded
 * option stays operable. Exclusions are then applied again.
 */
export function chooseVariant(form: Form, fieldId: string, variantId: string, chosen: boolean): Form {
  const target = allFields(form).find((entry) => entry.field.fieldId === fieldId)?.field;
  if (!target) {
    return form;
  }
  const excluders = new Set<string>();
  if (chosen) {
    for (const { field } of allFields(form)) {
      for (const variant of selectedVariants(field)) {
        if (variant.excludingVariantList.includes(variantId)) {
          excluders.add(variant.id);
        }
      }
    }
  }
  const next = mapForm(form, (field) => {
    if (field.type !== 'variant') {
      return field;
    }
    let ids = selectedVariantIds(field).filter((id) => !excluders.has(id));
    if (field.fieldId === fieldId) {
      if (!chosen) {
        ids = ids.filter((id) => id !== variantId);
      } else if (acceptsMultiple(field)) {
        ids = ids.includes(variantId) ? ids : [...ids, variantId];
      } else {
        ids = [variantId];
      }
    }
    return { ...field, answer: ids };
  });
  return applyExclusions(next);
}

/** Sets one field's answer (and its invalid flag when the form could not read the input). */
export function setFieldAnswer(form: Form, fieldId: string, answer: Answer, invalid = false): Form {
  return applyExclusions(
    mapForm(form, (field) => (field.fieldId === fieldId ? { ...field, answer, invalid } : field)),
  );
}

/** spec 2 §4 "Before save, answers of excluded questions are cleared." */
export function clearExcludedAnswers(form: Form): Form {
  return mapForm(form, (field, question) =>
    question.isExcluded || question.isDeleted
      ? { ...field, answer: emptyAnswer(field), invalid: false }
      : field,
  );
}

/**
 * The answers to send, by field id: fields of active questions, and conditional sub-fields only while
 * their variant is chosen.
 */
export function collectAnswers(form: Form): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  const walk = (fields: Field[]) => {
    for (const field of fields) {
      out[field.fieldId] = field.answer;
      for (const variant of selectedVariants(field)) {
        walk(variant.conditionalFieldList);
      }
    }
  };
  for (const question of activeQuestions(form)) {
    walk(question.fieldList);
  }
  return out;
}

/**
 * Puts answers (by field id) into a form definition. Unknown ids are ignored; a missing id leaves the
 * field empty. Each field's `invalid` flag comes from the answer's shape, then exclusions apply.
 */
export function fillForm(form: Form, answers: Readonly<Record<string, Answer>>): Form {
  return applyExclusions(
    mapForm(form, (field) => {
      const answer = Object.hasOwn(answers, field.fieldId)
        ? (answers[field.fieldId] ?? null)
        : emptyAnswer(field);
      return { ...field, answer, invalid: answerFormatError(field, answer) !== null };
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Calls (paths ours, decision 0020)

export const questionnaireTaskParamsSchema = z.object({ taskId: z.uuid('The task id is not valid') });
export const questionnaireFormParamsSchema = z.object({
  taskId: z.uuid('The task id is not valid'),
  formId: z.uuid('The form id is not valid'),
});
export const patientQuestionnaireParamsSchema = z.object({
  patientUserId: z.uuid('The patient id is not valid'),
});

/** GET /api/questionnaires/tasks/:taskId: the task's forms, each filled with its saved answers. */
export const taskQuestionnaireSchema = z.object({
  taskId: z.string(),
  appointmentId: z.string().nullable(),
  title: z.string(),
  isDone: z.boolean(),
  forms: z.array(formSchema),
  savedFormIds: z.array(z.string()),
});
export type TaskQuestionnaire = z.infer<typeof taskQuestionnaireSchema>;

/** POST /api/questionnaires/tasks/:taskId/forms/:formId: one form's answers, by field id. */
export const saveFormAnswersSchema = z.object({
  answers: z
    .record(singleLineText().min(1).max(100), answerSchema)
    .refine((answers) => Object.keys(answers).length <= 500, 'Too many answers.'),
});
export type SaveFormAnswersInput = z.infer<typeof saveFormAnswersSchema>;

export const saveFormAnswersResponseSchema = z.object({
  formId: z.string(),
  submittedAt: z.string(),
  /** True once every form of the task is saved: the task is then DONE (spec 2 §4). */
  taskDone: z.boolean(),
  remainingFormIds: z.array(z.string()),
});
export type SaveFormAnswersResponse = z.infer<typeof saveFormAnswersResponseSchema>;

/** GET /api/questionnaires/patients/:patientUserId/responses: for a provider of the patient's clinic. */
export const patientQuestionnaireResponseSchema = z.object({
  responseId: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  appointmentId: z.string().nullable(),
  submittedAt: z.string(),
  form: formSchema,
});
export type PatientQuestionnaireResponse = z.infer<typeof patientQuestionnaireResponseSchema>;
export const patientQuestionnaireResponseListSchema = z.array(patientQuestionnaireResponseSchema);
