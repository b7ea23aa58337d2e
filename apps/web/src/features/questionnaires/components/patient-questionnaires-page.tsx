import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { activeQuestions, selectedVariants, type Field } from '@app/contracts/questionnaires';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { patientQuestionnairesQuery } from '../api/list-patient-questionnaires.ts';
import { answerText } from '../answer-text.ts';
import { formatInstant } from '../../../lib/dates/format-time.ts';

function AnswerRows({ field, language }: { field: Field; language: string }) {
  const { t } = useTranslation('questionnaires');
  return (
    <>
      <dt>
        <Text fw={600} size="sm">
          {field.label}
        </Text>
      </dt>
      <dd style={{ margin: '0 0 var(--mantine-spacing-xs) 0' }}>
        <Text size="sm">{answerText(field, language) ?? t('provider.noAnswer')}</Text>
      </dd>
      {selectedVariants(field).flatMap((variant) =>
        variant.conditionalFieldList.map((sub) => (
          <AnswerRows key={sub.fieldId} field={sub} language={language} />
        )),
      )}
    </>
  );
}

/**
 * A provider reads the questionnaires a patient saved, read-only, at
 * /provider/patient/{patientId}/questionnaires (decision 0020; the documents tab of issue 6 will
 * take this over). Questions excluded by another answer are not listed.
 */
export function PatientQuestionnairesPage() {
  const { t, i18n } = useTranslation('questionnaires');
  const { patientId = '' } = useParams();
  const responses = useQuery(patientQuestionnairesQuery(patientId));
  const dateTime = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('provider.title')}</Title>
      <Anchor component={Link} to={`/provider/patient/${encodeURIComponent(patientId)}/appointments`}>
        {t('provider.backToPatient')}
      </Anchor>
      {responses.isPending ? <Text role="status">{t('provider.loading')}</Text> : null}
      {responses.isError ? (
        <Alert color="red" role="alert">
          {isApiRequestError(responses.error) && [400, 403, 404].includes(responses.error.status)
            ? t('provider.noAccess')
            : t('loadError')}
        </Alert>
      ) : null}
      {responses.data?.length === 0 ? <Text>{t('provider.empty')}</Text> : null}
      {responses.data?.map((response) => (
        <Paper
          key={response.responseId}
          withBorder
          p="md"
          component="section"
          aria-labelledby={response.responseId}
        >
          <Title order={2} size="h3" id={response.responseId}>
            {response.form.title}
          </Title>
          <Text size="sm" mb="sm">
            {t('provider.savedAt', {
              date: dateTime(response.submittedAt),
              task: response.taskTitle,
            })}
          </Text>
          {activeQuestions(response.form).map((question) => (
            <Stack key={question.id} gap={2} mb="sm">
              <Title order={3} size="h5">
                {question.text}
              </Title>
              <dl style={{ margin: 0 }}>
                {question.fieldList.map((field) => (
                  <AnswerRows key={field.fieldId} field={field} language={i18n.language} />
                ))}
              </dl>
            </Stack>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
