import { Paper, Stack, Title } from '@mantine/core';
import { activeQuestions, orderedGroups, type Form } from '@app/contracts/questionnaires';
import { FieldInput, type FieldHandlers } from './field-input.tsx';

/** The groups of a form in their order; excluded and deleted questions are not shown (spec 2 §4). */
export function QuestionnaireForm({ form, ...handlers }: { form: Form } & FieldHandlers) {
  const active = new Set(activeQuestions(form).map((question) => question.id));
  return (
    <Stack gap="lg">
      {orderedGroups(form).map((group) => {
        const questions = group.questionList.filter((question) => active.has(question.id));
        if (questions.length === 0) {
          return null;
        }
        return (
          <Stack key={group.id} gap="sm" component="section" aria-labelledby={`group-${group.id}`}>
            <Title order={2} size="h3" id={`group-${group.id}`}>
              {group.title}
            </Title>
            {questions.map((question) => (
              <Paper key={question.id} withBorder p="md" data-question={question.id}>
                <Stack gap="sm">
                  <Title order={3} size="h5">
                    {question.text}
                  </Title>
                  {question.fieldList.map((field) => (
                    <FieldInput key={field.fieldId} field={field} {...handlers} />
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
