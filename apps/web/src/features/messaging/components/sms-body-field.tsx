import { Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SMS_BODY_MAX } from '@app/contracts/messaging-constants';
import { smsTemplatesQuery } from '../api/list-sms-templates.ts';

interface SmsBodyFieldProps {
  clinicId: string;
  value: string;
  onChange: (value: string) => void;
  /** Present when the field sits in a form whose error names it. */
  error?: string | null;
}

/** A text message with an optional template to start from, and the placeholders it may use. */
export function SmsBodyField({ clinicId, value, onChange, error }: SmsBodyFieldProps) {
  const { t } = useTranslation('messaging');
  const templates = useQuery(smsTemplatesQuery(clinicId));
  return (
    <Stack gap="xs">
      <Select
        label={t('templateLabel')}
        placeholder={t('templatePlaceholder')}
        data={(templates.data?.templates ?? []).map((template) => ({
          value: template.id,
          label: template.name,
        }))}
        onChange={(id) => {
          const template = templates.data?.templates.find((item) => item.id === id);
          if (template) {
            onChange(template.body);
          }
        }}
        clearable
      />
      <Textarea
        label={t('smsBodyLabel')}
        description={t('placeholdersHint')}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
        autosize
        minRows={4}
        maxLength={SMS_BODY_MAX}
        required
        error={error ?? undefined}
      />
      <Text size="sm" aria-live="polite">
        {t('charactersLeft', { count: SMS_BODY_MAX - value.length })}
      </Text>
    </Stack>
  );
}
