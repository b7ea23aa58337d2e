import type { Ref } from 'react';
import { Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A chosen person: the id the API filters by, the name the chip shows. */
export interface ChosenPerson {
  id: string;
  name: string;
}

/** An applied filter, removable with one button that says which. */
export function FilterChip({
  label,
  value,
  onRemove,
  removeRef,
}: {
  label: string;
  value: string;
  onRemove: () => void;
  /** The remove button, for a filter that moves focus onto its chip once chosen. */
  removeRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation('audit');
  return (
    <Group gap={4} wrap="nowrap" className="audit-chip" data-testid="audit-filter-chip">
      <Text size="sm">{t('filterChip', { filter: label, value })}</Text>
      <button
        ref={removeRef}
        type="button"
        className="audit-chip__remove"
        aria-label={t('filterRemove', { filter: `${label}: ${value}` })}
        onClick={onRemove}
      >
        <IconX size={16} aria-hidden="true" />
      </button>
    </Group>
  );
}
