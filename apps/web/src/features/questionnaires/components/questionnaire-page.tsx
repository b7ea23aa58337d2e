import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { QUESTIONNAIRE_ACTION_TYPES } from '@app/contracts/check-in';
import {
  chooseVariant,
  clearExcludedAnswers,
  collectAnswers,
  invalidFields,
  setFieldAnswer,
  type Answer,
  type Form,
  type TaskQuestionnaire,
} from '@app/contracts/questionnaires';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { taskQuestionnaireQuery } from '../api/get-task-questionnaire.ts';
import { saveFormAnswers } from '../api/save-form-answers.ts';
import { useTaskPage, type TaskPage } from '../../check-in/use-task-page.ts';
import { clearTaskDrafts, readDraft, writeDraft } from '../form-store.ts';
import {
  advance,
  afterLastFormPath,
  formPath,
  isLastForm,
  progressAt,
  questionnaireBaseOf,
  startProgress,
  type QuestionnaireBase,
} from '../questionnaire-progress.ts';
import { QuestionnaireForm } from './questionnaire-form.tsx';

/**
 * spec 2 §2 /user/task/questionnaire (and /user/questionnaire, /provider/patient/task/questionnaire in
 * self check-in mode) and the form route {questionnaire base url}/main/{formId}?appointmentId: the
 * questionnaire flow of spec 2 §4. Without a form id it advances to the first form.
 */
export function QuestionnairePage() {
  const { t } = useTranslation('questionnaires');
  const { formId } = useParams();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const base = questionnaireBaseOf(pathname);
  const appointmentId = params.get('appointmentId');
  const taskIdParam = params.get('taskId');

  // The check-in task (found from the appointment when the URL names none; marked ACCESSED when NEW).
  // A URL with only a task id (no appointment) still opens its questionnaire.
  const page = useTaskPage(QUESTIONNAIRE_ACTION_TYPES);
  const taskId = taskIdParam ?? page.task?.taskId ?? null;
  const questionnaire = useQuery({ ...taskQuestionnaireQuery(taskId ?? ''), enabled: taskId !== null });
  const data = questionnaire.data;

  const lookupFailed = !taskIdParam && page.isError;
  const failed = lookupFailed || questionnaire.isError;
  // Without a task id or an appointment to find it from, there is nothing to open.
  const lookupSettled = appointmentId === null || !page.isLoading;
  if ((taskId === null && lookupSettled) || failed) {
    const notFound =
      (lookupFailed && !page.error) ||
      taskId === null ||
      [page.error, questionnaire.error].some((error) => isApiRequestError(error) && error.status === 404);
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t('title')}</Title>
        <Alert color="red" role="alert">
          {notFound ? t('notFound') : t('loadError')}
        </Alert>
        <BackToTasks base={base} appointmentId={appointmentId} />
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t('title')}</Title>
        <Text role="status">{t('loading')}</Text>
      </Stack>
    );
  }
  const formIds = data.forms.map((form) => form.formId);
  if (!formId) {
    const step = advance(startProgress(formIds));
    if (step.kind === 'form') {
      return <Navigate replace to={formPath(base, step.formId, { appointmentId, taskId: data.taskId })} />;
    }
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{data.title}</Title>
        <Alert role="status">{t('noForms')}</Alert>
        <BackToTasks base={base} appointmentId={appointmentId} />
      </Stack>
    );
  }
  const form = data.forms.find((candidate) => candidate.formId === formId);
  if (!form) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{data.title}</Title>
        <Alert color="red" role="alert">
          {t('notFound')}
        </Alert>
        <BackToTasks base={base} appointmentId={appointmentId} />
      </Stack>
    );
  }
  return (
    <FormStep
      key={`${data.taskId}:${form.formId}`}
      questionnaire={data}
      serverForm={form}
      base={base}
      appointmentId={appointmentId ?? data.appointmentId}
      page={page}
    />
  );
}

function BackToTasks({ base, appointmentId }: { base: QuestionnaireBase; appointmentId: string | null }) {
  const { t } = useTranslation('questionnaires');
  return (
    <Anchor component={Link} to={afterLastFormPath(base, appointmentId)}>
      {t('back')}
    </Anchor>
  );
}

function FormStep({
  questionnaire,
  serverForm,
  base,
  appointmentId,
  page,
}: {
  questionnaire: TaskQuestionnaire;
  serverForm: Form;
  base: QuestionnaireBase;
  appointmentId: string | null;
  page: TaskPage;
}) {
  const { t } = useTranslation('questionnaires');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { taskId } = questionnaire;
  const formIds = questionnaire.forms.map((form) => form.formId);
  const progress = progressAt(formIds, serverForm.formId);
  // The draft in the browser's store wins over the saved answers: it is what the patient last typed.
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    let live = true;
    void readDraft(taskId, serverForm.formId).then((draft) => {
      if (live) {
        setForm(draft ?? serverForm);
      }
    });
    return () => {
      live = false;
    };
  }, [taskId, serverForm]);

  const update = (next: Form) => {
    setForm(next);
    void writeDraft(taskId, next);
  };
  const handlers = {
    onAnswer: (fieldId: string, answer: Answer, invalid = false) => {
      if (form) {
        update(setFieldAnswer(form, fieldId, answer, invalid));
      }
    },
    onChoose: (fieldId: string, variantId: string, chosen: boolean) => {
      if (form) {
        update(chooseVariant(form, fieldId, variantId, chosen));
      }
    },
  };

  const save = useMutation({
    mutationFn: (toSave: Form) =>
      // spec 2 §4 "Before save, answers of excluded questions are cleared."
      saveFormAnswers(taskId, toSave.formId, collectAnswers(clearExcludedAnswers(toSave))),
    meta: { errorBanner: false },
    onSuccess: async () => {
      const step = advance(progress);
      if (step.kind === 'form') {
        await navigate(formPath(base, step.formId, { appointmentId, taskId }));
        return;
      }
      // spec 2 §4 "After the last form, form storage is cleared and the user goes to the task's action".
      await clearTaskDrafts(taskId);
      await queryClient.invalidateQueries({ queryKey: ['/api/questionnaires'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/check-in'] });
      // spec 2 §4: "the user goes to the task's action": the check-in flow's next task (or the final
      // page); the server's save already completed the task. Without a task: the base url.
      if (page.task?.taskId === taskId) {
        await page.complete();
        return;
      }
      await navigate(afterLastFormPath(base, appointmentId));
    },
  });

  const invalid = form ? invalidFields(form) : [];
  const locked = form === null || invalid.length > 0 || save.isPending;
  const serverErrors =
    save.error &&
    isApiRequestError(save.error) &&
    typeof save.error.body === 'object' &&
    save.error.body !== null
      ? ((save.error.body as { errors?: { detail: string }[] }).errors ?? [])
      : [];

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>{serverForm.title}</Title>
        <Text size="sm">
          {questionnaire.title} ·{' '}
          {t('progress', { current: String(progress.index + 1), total: String(formIds.length) })}
        </Text>
        {serverForm.description ? <Text>{serverForm.description}</Text> : null}
      </Stack>
      {form === null ? (
        <Text role="status">{t('loading')}</Text>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!locked) {
              save.mutate(form);
            }
          }}
        >
          <Stack gap="lg">
            <QuestionnaireForm form={form} {...handlers} />
            <Text size="sm" c="dimmed">
              {t('draftKept')}
            </Text>
            {save.isError ? (
              <Alert color="red" role="alert">
                {t('saveFailed')}
                {serverErrors.length > 0 ? (
                  <List size="sm" mt="xs">
                    {serverErrors.map((entry) => (
                      <List.Item key={entry.detail}>{entry.detail}</List.Item>
                    ))}
                  </List>
                ) : null}
              </Alert>
            ) : null}
            {/* spec 2 §4 "Next is locked while any field is invalid": the reason is read with the button. */}
            <Stack gap={4} id="next-locked-reason" aria-live="polite">
              {invalid.length > 0 ? (
                <>
                  <Text size="sm">{t('nextLocked')}</Text>
                  <Text size="sm">
                    {t('stillToAnswer', {
                      fields: [...new Set(invalid.map((entry) => entry.label))].join(', '),
                    })}
                  </Text>
                </>
              ) : null}
            </Stack>
            <Button
              type="submit"
              disabled={locked}
              loading={save.isPending}
              aria-describedby={invalid.length > 0 ? 'next-locked-reason' : undefined}
              style={{ alignSelf: 'flex-start' }}
            >
              {isLastForm(progress) ? t('finish') : t('next')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
