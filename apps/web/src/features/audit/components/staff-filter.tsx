import { useEffect, useRef } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditStaffQuery } from '../api/list-audit-staff.ts';
import { FilterChip, type ChosenPerson } from './filter-chip.tsx';

interface StaffFilterProps {
  chosen: ChosenPerson | null;
  onChoose: (staff: ChosenPerson | null) => void;
}

/**
 * The audit trail's staff filter (decision 0063): a chosen person as a removable chip; otherwise a
 * searchable list of the staff of the clinics the search covers (type a name, Enter picks the first
 * match). A name in the results chooses too — the only way to a person who is no longer staff, or to
 * a patient who acted on a record.
 */
export function StaffFilter({ chosen, onChoose }: StaffFilterProps) {
  const { t } = useTranslation('audit');
  const staff = useQuery(auditStaffQuery());
  // The picker and the chip replace each other: focus follows to the one that appears, so a keyboard
  // user is not dropped to the top of the page.
  const moveFocus = useRef(false);
  const pickerRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const hasChosen = chosen !== null;
  useEffect(() => {
    if (moveFocus.current) {
      moveFocus.current = false;
      (hasChosen ? removeRef : pickerRef).current?.focus();
    }
  }, [hasChosen]);

  if (chosen) {
    return (
      <Stack gap={4} className="audit-filter">
        <Text fw={600}>{t('filterStaff')}</Text>
        <FilterChip
          label={t('filterStaff')}
          value={chosen.name}
          removeRef={removeRef}
          onRemove={() => {
            moveFocus.current = true;
            onChoose(null);
          }}
        />
      </Stack>
    );
  }
  return (
    <Stack gap={4} className="audit-filter">
      <Select
        ref={pickerRef}
        size="md"
        // The weight of the other filters' titles beside it.
        styles={{ label: { fontWeight: 600 } }}
        label={t('filterStaff')}
        description={t('filterStaffPick')}
        data={(staff.data?.staff ?? []).map((member) => ({ value: member.id, label: member.name }))}
        value={null}
        searchable
        selectFirstOptionOnChange
        // Without it, a name pasted into the closed list opens it and Mantine then forgets the
        // highlighted first match (it looks for the chosen value, which is none), so Enter did nothing.
        selectFirstOptionOnDropdownOpen
        openOnFocus={false}
        nothingFoundMessage={staff.isPending ? t('loading') : t('filterStaffNone')}
        error={staff.isError ? t('loadFailed') : undefined}
        onChange={(id, option) => {
          if (id !== null && option !== null) {
            moveFocus.current = true;
            onChoose({ id, name: option.label });
          }
        }}
      />
    </Stack>
  );
}
