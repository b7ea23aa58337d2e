import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vitalEntryInputSchema, type VitalKey } from '@app/contracts/vitals';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { OWN_VITALS_PATH } from '../api/list-vital-values.ts';
import { recordVitalValues } from '../api/record-vital-values.ts';
import { unitOf } from './vital-chart.tsx';

type Errors = Partial<Record<string, string>>;

/** The field an issue or server error belongs to: 'values.pain' -> 'pain'; anything else -> ''. */
function fieldOf(path: readonly PropertyKey[] | string | undefined): string {
  const parts = typeof path === 'string' ? path.split('.') : (path ?? []).map(String);
  if (parts[0] === 'values' && parts[1]) {
    return parts[1];
  }
  return parts[0] === 'recordedAt' ? 'recordedAt' : '';
}

/** "datetime-local" text of a moment, in the browser's zone. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The patient adds a reading of a chart group's form vitals (issue 6 item 9); checked with the
 * server's own schema before it is sent.
 */
export function VitalEntryForm({ keys }: { keys: readonly VitalKey[] }) {
  const { t } = useTranslation('vitals');
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Partial<Record<VitalKey, string>>>({});
  const [recordedAt, setRecordedAt] = useState(() => localInputValue(new Date()));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit() {
    const values: Record<string, number> = {};
    const found: Errors = {};
    for (const key of keys) {
      const text = (texts[key] ?? '').trim();
      if (text === '') {
        continue;
      }
      const value = Number(text);
      if (Number.isNaN(value)) {
        found[key] = t('notNumber');
      }
      values[key] = value;
    }
    const when = recordedAt ? new Date(recordedAt) : new Date();
    const input = { values, recordedAt: Number.isNaN(when.getTime()) ? 'invalid' : when.toISOString() };
    const parsed = vitalEntryInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        found[fieldOf(issue.path)] ??= issue.message;
      }
    }
    setSaved(false);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure(found[''] ?? t('errorSummary'));
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await recordVitalValues(input);
      setTexts({});
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: [OWN_VITALS_PATH] });
    } catch (error) {
      const body: unknown = isApiRequestError(error) ? error.body : null;
      const list =
        typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)
          ? (body as { errors: { field?: string; detail: string }[] }).errors
          : [];
      const serverErrors: Errors = {};
      for (const entry of list) {
        serverErrors[fieldOf(entry.field)] ??= entry.detail;
      }
      setErrors(serverErrors);
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack component="section" aria-labelledby="vital-entry-title" gap="sm">
      <Title order={2} size="h3" id="vital-entry-title">
        {t('graphs.addTitle')}
      </Title>
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
            {keys.map((key) => (
              <TextInput
                key={key}
                label={
                  unitOf(key)
                    ? t('graphs.valueLabel', { vital: t(`key.${key}`), unit: unitOf(key) })
                    : t(`key.${key}`)
                }
                value={texts[key] ?? ''}
                error={errors[key]}
                inputMode="decimal"
                autoComplete="off"
                onChange={(event) => {
                  setTexts({ ...texts, [key]: event.currentTarget.value });
                }}
              />
            ))}
            <TextInput
              type="datetime-local"
              label={t('graphs.recordedAt')}
              value={recordedAt}
              error={errors.recordedAt}
              onChange={(event) => {
                setRecordedAt(event.currentTarget.value);
              }}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('save')}
            </Button>
          </Group>
          <div role="status">{saved ? t('graphs.saved') : null}</div>
        </Stack>
      </form>
    </Stack>
  );
}
