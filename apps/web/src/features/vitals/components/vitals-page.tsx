import { useState } from 'react';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bmiOf, vitalsInputSchema, type VitalReading } from '@app/contracts/vitals';
import type { CheckInTask } from '@app/contracts/check-in';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { TaskPageState } from '../../check-in-task/task-page-state.tsx';
import { useTaskPage, type TaskPage } from '../../check-in/use-task-page.ts';
import { taskVitalsQuery } from '../api/get-task-vitals.ts';
import { recordTaskVitals } from '../api/record-task-vitals.ts';

const FIELDS = [
  'pulse',
  'systolicBp',
  'diastolicBp',
  'temperature',
  'weight',
  'height',
  'oxygenSaturation',
  'pain',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = {
  pulse: '',
  systolicBp: '',
  diastolicBp: '',
  temperature: '',
  weight: '',
  height: '',
  oxygenSaturation: '',
  pain: '',
};

function valuesOf(reading: VitalReading | null): Values {
  if (!reading) {
    return EMPTY;
  }
  const out = { ...EMPTY };
  for (const field of FIELDS) {
    const value = reading[field];
    out[field] = value === null ? '' : String(value);
  }
  return out;
}

/** The typed text as a number; empty is "not given" (null), anything else unreadable is NaN. */
function numberOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** Issue 5 item 10: {task base url}/vital. */
export function VitalsPage() {
  const { t } = useTranslation('vitals');
  const current = useTaskPage(['vital']);
  return (
    <TaskPageState
      current={current}
      title={t('title')}
      texts={{ loading: t('loading'), notFound: t('notFound') }}
    >
      {current.task ? <VitalsForm current={current} task={current.task} /> : null}
    </TaskPageState>
  );
}

function VitalsForm({ current, task }: { current: TaskPage; task: CheckInTask }) {
  const { t } = useTranslation('vitals');
  const previous = useQuery(taskVitalsQuery(task.taskId));
  const [edited, setValues] = useState<Values | null>(null);
  // A reopened vital task (spec 2 §4 may reopen it) starts from its last reading.
  const values = edited ?? (previous.isSuccess ? valuesOf(previous.data) : null);
  const [errors, setErrors] = useState<Partial<Record<Field | '', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (values === null) {
    return (
      <Stack>
        <PageTitle>{t('title')}</PageTitle>
        <Text role="status">{t('loading')}</Text>
      </Stack>
    );
  }

  const weight = numberOf(values.weight);
  const height = numberOf(values.height);
  const bmi =
    weight !== null && height !== null && !Number.isNaN(weight) && !Number.isNaN(height)
      ? bmiOf(weight, height)
      : null;

  async function submit() {
    if (!values) {
      return;
    }
    const input: Record<string, number | null> = {};
    const found: Partial<Record<Field | '', string>> = {};
    for (const field of FIELDS) {
      const value = numberOf(values[field]);
      if (value !== null && Number.isNaN(value)) {
        found[field] = t('notNumber');
      }
      input[field] = value;
    }
    // Ranges checked here with the server's own schema (shared contract), again on the server.
    const parsed = vitalsInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] ?? '') as Field | '';
        found[key] ??= issue.message;
      }
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure(found[''] ?? t('errorSummary'));
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await recordTaskVitals(task.taskId, input);
      await current.complete();
    } catch (error) {
      const body: unknown = isApiRequestError(error) ? error.body : null;
      const list =
        typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)
          ? (body as { errors: { field?: string; detail: string }[] }).errors
          : [];
      const serverErrors: Partial<Record<Field | '', string>> = {};
      for (const entry of list) {
        serverErrors[(entry.field ?? '') as Field | ''] ??= entry.detail;
      }
      setErrors(serverErrors);
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  const input = (field: Field, inputMode: 'numeric' | 'decimal') => (
    <TextInput
      label={t(field)}
      value={values[field]}
      error={errors[field]}
      inputMode={inputMode}
      autoComplete="off"
      onChange={(event) => {
        setValues({ ...values, [field]: event.currentTarget.value });
      }}
    />
  );

  return (
    <Stack>
      <PageTitle>{t('title')}</PageTitle>
      <Text>{t('intro')}</Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input('pulse', 'numeric')}
            {input('oxygenSaturation', 'numeric')}
          </SimpleGrid>
          <Fieldset legend={t('bloodPressure')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input('systolicBp', 'numeric')}
              {input('diastolicBp', 'numeric')}
            </SimpleGrid>
          </Fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input('temperature', 'decimal')}
            {input('pain', 'numeric')}
            {input('weight', 'decimal')}
            {input('height', 'decimal')}
          </SimpleGrid>
          <Text aria-live="polite" data-testid="bmi">
            {bmi === null ? t('bmiEmpty') : t('bmiValue', { value: bmi.toFixed(1) })}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
