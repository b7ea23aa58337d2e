import { useState } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CARE_PLAN_GOALS_MAX,
  CARE_PLAN_NOTES_MAX,
  CARE_PLAN_TITLE_MAX,
  carePlanInputSchema,
  type CarePlan,
} from '@app/contracts/care-plans';
import { VITAL_KEYS, VITAL_LIMITS, type VitalKey } from '@app/contracts/vitals';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { saveCarePlan } from '../api/save-care-plan.ts';

interface GoalDraft {
  /** Stable React key of the row. */
  row: number;
  key: VitalKey;
  targetMin: string;
  targetMax: string;
  dueDate: string;
}

type Errors = Partial<Record<string, string>>;

function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

let nextRow = 0;
function draftOf(goal?: CarePlan['goals'][number]): GoalDraft {
  nextRow += 1;
  return {
    row: nextRow,
    key: goal?.key ?? 'systolic_bp',
    targetMin: goal?.targetMin === null || goal === undefined ? '' : String(goal.targetMin),
    targetMax: goal?.targetMax === null || goal === undefined ? '' : String(goal.targetMax),
    dueDate: goal?.dueDate ?? '',
  };
}

export interface CarePlanFormProps {
  clinicId: string;
  patientId: string;
  /** The plan to edit, or null to add one. */
  plan: CarePlan | null;
  onCancel: () => void;
  onSaved: () => Promise<void>;
}

/** Add or edit a care plan (spec 3 §2 "add/edit care plan"): title, notes and goals on vitals. */
export function CarePlanForm({ clinicId, patientId, plan, onCancel, onSaved }: CarePlanFormProps) {
  const { t } = useTranslation('health');
  const { t: tv } = useTranslation('vitals');
  const [title, setTitle] = useState(plan?.title ?? '');
  const [notes, setNotes] = useState(plan?.notes ?? '');
  const [goals, setGoals] = useState<GoalDraft[]>(() => (plan ? plan.goals.map(draftOf) : [draftOf()]));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = plan ? t('carePlans.edit') : t('carePlans.add');

  const update = (row: number, change: Partial<GoalDraft>) => {
    setGoals(goals.map((goal) => (goal.row === row ? { ...goal, ...change } : goal)));
  };

  async function submit() {
    const found: Errors = {};
    const input = {
      title,
      notes,
      goals: goals.map((goal, index) => {
        const targetMin = numberOrNull(goal.targetMin);
        const targetMax = numberOrNull(goal.targetMax);
        if (targetMin !== null && Number.isNaN(targetMin)) {
          found[`goals.${index}.targetMin`] = t('carePlans.notNumber');
        }
        if (targetMax !== null && Number.isNaN(targetMax)) {
          found[`goals.${index}.targetMax`] = t('carePlans.notNumber');
        }
        return { key: goal.key, targetMin, targetMax, dueDate: goal.dueDate };
      }),
    };
    const parsed = carePlanInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        found[issue.path.map(String).join('.')] ??= issue.message;
      }
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure(t('carePlans.errorSummary'));
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await saveCarePlan(clinicId, patientId, plan?.id ?? null, input);
      await onSaved();
    } catch (error) {
      const body: unknown = isApiRequestError(error) ? error.body : null;
      const list =
        typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)
          ? (body as { errors: { field?: string; detail: string }[] }).errors
          : [];
      const serverErrors: Errors = {};
      for (const entry of list) {
        serverErrors[entry.field ?? ''] ??= entry.detail;
      }
      setErrors(serverErrors);
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack component="section" aria-labelledby="care-plan-form-title" gap="sm" maw={760}>
      <Title order={2} size="h3" id="care-plan-form-title">
        {heading}
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
          <TextInput
            label={t('carePlans.title')}
            required
            value={title}
            maxLength={CARE_PLAN_TITLE_MAX}
            error={errors.title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
            }}
          />
          <Textarea
            label={t('carePlans.notes')}
            value={notes}
            maxLength={CARE_PLAN_NOTES_MAX}
            autosize
            minRows={2}
            error={errors.notes}
            onChange={(event) => {
              setNotes(event.currentTarget.value);
            }}
          />
          <Title order={3} size="h4">
            {t('carePlans.goals')}
          </Title>
          {goals.map((goal, index) => (
            <Fieldset key={goal.row} legend={t('carePlans.goalNumber', { number: index + 1 })}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NativeSelect
                  label={t('carePlans.goalVital')}
                  value={goal.key}
                  error={errors[`goals.${index}.key`]}
                  data={VITAL_KEYS.map((key) => ({
                    value: key,
                    label: VITAL_LIMITS[key].unit
                      ? `${tv(`key.${key}`)} (${VITAL_LIMITS[key].unit})`
                      : tv(`key.${key}`),
                  }))}
                  onChange={(event) => {
                    update(goal.row, { key: event.currentTarget.value as VitalKey });
                  }}
                />
                <TextInput
                  type="date"
                  label={t('carePlans.goalDue')}
                  required
                  value={goal.dueDate}
                  error={errors[`goals.${index}.dueDate`]}
                  onChange={(event) => {
                    update(goal.row, { dueDate: event.currentTarget.value });
                  }}
                />
                <TextInput
                  label={t('carePlans.goalMin')}
                  inputMode="decimal"
                  autoComplete="off"
                  value={goal.targetMin}
                  error={errors[`goals.${index}.targetMin`]}
                  onChange={(event) => {
                    update(goal.row, { targetMin: event.currentTarget.value });
                  }}
                />
                <TextInput
                  label={t('carePlans.goalMax')}
                  inputMode="decimal"
                  autoComplete="off"
                  value={goal.targetMax}
                  error={errors[`goals.${index}.targetMax`]}
                  onChange={(event) => {
                    update(goal.row, { targetMax: event.currentTarget.value });
                  }}
                />
              </SimpleGrid>
              <Group justify="flex-end" mt="xs">
                <Button
                  variant="default"
                  onClick={() => {
                    setGoals(goals.filter((entry) => entry.row !== goal.row));
                  }}
                >
                  {t('carePlans.removeGoal', { number: index + 1 })}
                </Button>
              </Group>
            </Fieldset>
          ))}
          <Group>
            <Button
              variant="default"
              disabled={goals.length >= CARE_PLAN_GOALS_MAX}
              onClick={() => {
                setGoals([...goals, draftOf()]);
              }}
            >
              {t('carePlans.addGoal')}
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('carePlans.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('carePlans.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
