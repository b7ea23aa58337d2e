import {
  Box,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  acceptsMultiple,
  answerFormatError,
  isDateAnswer,
  selectedVariantIds,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  type Answer,
  type DateAnswer,
  type Field,
} from '@app/contracts/questionnaires';
import { monthNames } from '../../../lib/dates/format-time.ts';

export interface FieldHandlers {
  onAnswer: (fieldId: string, answer: Answer, invalid?: boolean) => void;
  onChoose: (fieldId: string, variantId: string, chosen: boolean) => void;
}

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

function useFieldError(field: Field): string | undefined {
  const { t } = useTranslation('questionnaires');
  const format = answerFormatError(field, field.answer);
  if (!field.invalid && format === null) {
    return undefined;
  }
  if (field.type === 'numeric' && typeof field.answer === 'number' && format !== null) {
    return t('field.range', { min: String(field.min ?? ''), max: String(field.max ?? '') });
  }
  return t('field.invalid');
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

function toIsoDate(answer: Answer): string {
  if (
    !isDateAnswer(answer) ||
    typeof answer.year !== 'number' ||
    typeof answer.month !== 'number' ||
    typeof answer.day !== 'number'
  ) {
    return '';
  }
  return `${pad(answer.year, 4)}-${pad(answer.month, 2)}-${pad(answer.day, 2)}`;
}

function fromIsoDate(value: string): DateAnswer | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) {
    return null;
  }
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function NumericField({ field, onAnswer }: { field: Field } & FieldHandlers) {
  const error = useFieldError(field);
  return (
    <NumberInput
      label={field.label}
      description={field.hint ?? undefined}
      required={field.required}
      value={typeof field.answer === 'number' ? field.answer : ''}
      min={field.min ?? undefined}
      max={field.max ?? undefined}
      // Out-of-range numbers stay as typed and are reported, rather than silently changed.
      clampBehavior="none"
      error={error}
      onChange={(value) => {
        if (typeof value === 'number') {
          onAnswer(field.fieldId, value);
        } else if (value.trim() === '') {
          onAnswer(field.fieldId, '');
        } else {
          const parsed = Number(value);
          // spec 2 §5 "flagged invalid": what cannot be read as a number locks Next.
          onAnswer(field.fieldId, Number.isFinite(parsed) ? parsed : null, !Number.isFinite(parsed));
        }
      }}
    />
  );
}

function DatePartsField({ field, onAnswer }: { field: Field } & FieldHandlers) {
  const { t, i18n } = useTranslation('questionnaires');
  const error = useFieldError(field);
  const answer: DateAnswer = isDateAnswer(field.answer) ? field.answer : {};
  const months = monthNames(i18n.language).map((label, index) => ({ value: String(index + 1), label }));
  const change = (part: keyof DateAnswer, value: number | null) => {
    onAnswer(field.fieldId, { ...answer, [part]: value });
  };
  const none = { value: '', label: t('date.none') };
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={500} size="sm">
        {field.label}
        {field.required ? (
          <>
            <Text component="span" c="red.8" aria-hidden>
              {' *'}
            </Text>
            <VisuallyHidden>{t('required')}</VisuallyHidden>
          </>
        ) : null}
      </Text>
      {field.hint ? (
        <Text size="xs" c="dimmed">
          {field.hint}
        </Text>
      ) : null}
      <Group gap="sm" align="flex-start" mt={4}>
        <NumberInput
          label={t('date.year')}
          w={110}
          min={DATE_YEAR_MIN}
          max={DATE_YEAR_MAX}
          clampBehavior="none"
          allowDecimal={false}
          value={answer.year ?? ''}
          onChange={(value) => {
            change('year', typeof value === 'number' ? value : null);
          }}
        />
        <NativeSelect
          label={t('date.month')}
          data={[none, ...months]}
          value={typeof answer.month === 'number' ? String(answer.month) : ''}
          onChange={(event) => {
            change('month', event.currentTarget.value === '' ? null : Number(event.currentTarget.value));
          }}
        />
        <NativeSelect
          label={t('date.day')}
          data={[none, ...DAYS]}
          value={typeof answer.day === 'number' ? String(answer.day) : ''}
          onChange={(event) => {
            change('day', event.currentTarget.value === '' ? null : Number(event.currentTarget.value));
          }}
        />
      </Group>
      {error ? (
        <Text size="sm" c="red.8" mt={4}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

function VariantField({ field, ...handlers }: { field: Field } & FieldHandlers) {
  const selected = selectedVariantIds(field);
  const error = useFieldError(field);
  const conditional = (variantId: string) => {
    const variant = field.variantList.find((entry) => entry.id === variantId);
    if (!variant || !selected.includes(variantId) || variant.conditionalFieldList.length === 0) {
      return null;
    }
    return (
      <Stack gap="sm" pl="xl" mt={4}>
        {variant.conditionalFieldList.map((sub) => (
          <FieldInput key={sub.fieldId} field={sub} {...handlers} />
        ))}
      </Stack>
    );
  };
  if (acceptsMultiple(field)) {
    return (
      <Checkbox.Group
        label={field.label}
        description={field.hint ?? undefined}
        withAsterisk={field.required}
        value={selected}
        error={error}
        onChange={(next) => {
          const added = next.find((id) => !selected.includes(id));
          const removed = selected.find((id) => !next.includes(id));
          if (added) {
            handlers.onChoose(field.fieldId, added, true);
          } else if (removed) {
            handlers.onChoose(field.fieldId, removed, false);
          }
        }}
      >
        <Stack gap="xs" mt="xs">
          {field.variantList.map((variant) => (
            <div key={variant.id}>
              <Checkbox value={variant.id} label={variant.label} />
              {conditional(variant.id)}
            </div>
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group
      label={field.label}
      description={field.hint ?? undefined}
      withAsterisk={field.required}
      value={selected[0] ?? null}
      error={error}
      onChange={(value) => {
        handlers.onChoose(field.fieldId, value, true);
      }}
    >
      <Stack gap="xs" mt="xs">
        {field.variantList.map((variant) => (
          <div key={variant.id}>
            <Radio value={variant.id} label={variant.label} />
            {conditional(variant.id)}
          </div>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** One field of spec 2 §3: numeric, date parts, calendar date, variants (radios or checkboxes), text. */
export function FieldInput({ field, ...handlers }: { field: Field } & FieldHandlers) {
  const error = useFieldError(field);
  switch (field.type) {
    case 'numeric':
      return <NumericField field={field} {...handlers} />;
    case 'date_part':
      return field.typeView === 'calendar_date' ? (
        <TextInput
          type="date"
          label={field.label}
          description={field.hint ?? undefined}
          required={field.required}
          value={toIsoDate(field.answer)}
          error={error}
          onChange={(event) => {
            handlers.onAnswer(field.fieldId, fromIsoDate(event.currentTarget.value));
          }}
        />
      ) : (
        <DatePartsField field={field} {...handlers} />
      );
    case 'variant':
      return <VariantField field={field} {...handlers} />;
    case 'text':
      return (
        <TextInput
          label={field.label}
          description={field.hint ?? undefined}
          required={field.required}
          value={typeof field.answer === 'string' ? field.answer : ''}
          maxLength={2000}
          error={error}
          onChange={(event) => {
            handlers.onAnswer(field.fieldId, event.currentTarget.value);
          }}
        />
      );
  }
}
