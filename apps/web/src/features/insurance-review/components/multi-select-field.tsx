import { useId, useState } from 'react';
import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * spec 3 §2 insurance filter trigger text: "All Selected" when every option is chosen and more than one
 * exists, "{n} selected" for several, else the one chosen option's name.
 */
export function selectionSummary(
  options: readonly { id: string; name: string }[],
  selected: readonly string[],
  texts: { all: string; several: (n: number) => string },
): string {
  const chosen = options.filter((option) => selected.includes(option.id));
  if (options.length > 1 && chosen.length === options.length) {
    return texts.all;
  }
  if (chosen.length > 1) {
    return texts.several(chosen.length);
  }
  return chosen[0]?.name ?? '';
}

/** A multi-select as a disclosure of checkboxes; the last chosen option cannot be unchosen (spec 3 §5). */
export function MultiSelectField({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: readonly { id: string; name: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation('insuranceReview');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const labelId = useId();
  const summary = selectionSummary(options, selected, {
    all: t('allSelected'),
    several: (n) => t('nSelected', { n: String(n) }),
  });
  return (
    <Stack gap={4}>
      <Text id={labelId} fw={700}>
        {label}
      </Text>
      <Button
        variant="default"
        justify="space-between"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={labelId}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        {summary || t('emptySelection')}
      </Button>
      {open ? (
        <Stack id={listId} gap={6} role="group" aria-labelledby={labelId} p="xs">
          {options.map((option) => {
            const checked = selected.includes(option.id);
            return (
              <Checkbox
                key={option.id}
                label={option.name}
                checked={checked}
                // Empty selection is not allowed: the last chosen option stays chosen.
                disabled={checked && selected.length === 1}
                onChange={(event) => {
                  onChange(
                    event.currentTarget.checked
                      ? [...selected, option.id]
                      : selected.filter((id) => id !== option.id),
                  );
                }}
              />
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
