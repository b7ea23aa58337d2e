import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PATIENT_SEARCH_MIN } from '@app/contracts/patient-chart';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatCalendarDate } from '../../../lib/dates/format-time.ts';
import { searchPatients } from '../../patients/api/search-patients.ts';
import { patientsBase } from '../../patients/api/patient-paths.ts';
import { FilterChip, type ChosenPerson } from './filter-chip.tsx';

interface PatientFilterProps {
  clinicId: string;
  /** The clinic's patient search needs PATIENT (spec 3 §6); without it, names in the results narrow. */
  canSearch: boolean;
  chosen: ChosenPerson | null;
  onChoose: (patient: ChosenPerson | null) => void;
}

/**
 * The audit trail's patient filter (decision 0063): a chosen patient as a removable chip; otherwise
 * the clinic's own patient search (name or member id), each match a button that chooses it.
 */
export function PatientFilter({ clinicId, canSearch, chosen, onChoose }: PatientFilterProps) {
  const { t, i18n } = useTranslation('audit');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const found = useQuery({
    queryKey: [patientsBase(clinicId), 'audit-filter', query],
    queryFn: ({ signal }) => searchPatients(clinicId, { query, birthDate: '' }, signal),
    enabled: canSearch && clinicId !== '' && query.length >= PATIENT_SEARCH_MIN,
  });

  let control;
  if (clinicId === '') {
    // The workspace (and with it the provider's permissions) is still on its way.
    control = null;
  } else if (chosen) {
    control = (
      <FilterChip
        label={t('filterPatient')}
        value={chosen.name}
        onRemove={() => {
          onChoose(null);
        }}
      />
    );
  } else if (!canSearch) {
    control = (
      <Text size="sm" maw={300}>
        {t('filterPatientNoPermission')}
      </Text>
    );
  } else {
    const search = () => {
      setQuery(text.trim());
    };
    const items = found.data?.items ?? [];
    control = (
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextField
            className="audit-grow"
            label={t('filterPatientSearch')}
            type="search"
            name="patient"
            value={text}
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                search();
              }
            }}
          />
          <Button variant="outline" onClick={search} loading={found.isFetching}>
            {t('filterPatientSearchButton')}
          </Button>
        </Group>
        {found.data ? (
          items.length > 0 ? (
            <Stack component="ul" gap={4} className="audit-cards" aria-label={t('filterPatientResults')}>
              {items.map((patient) => {
                const name = `${patient.firstName} ${patient.lastName}`.trim() || patient.name;
                return (
                  <li key={patient.id}>
                    <Button
                      variant="outline"
                      onClick={() => {
                        setText('');
                        setQuery('');
                        onChoose({ id: patient.id, name });
                      }}
                    >
                      {name}
                      {patient.birthdate ? ` · ${formatCalendarDate(patient.birthdate, i18n.language)}` : ''}
                    </Button>
                  </li>
                );
              })}
            </Stack>
          ) : (
            <Text size="sm" role="status">
              {t('filterPatientNone')}
            </Text>
          )
        ) : null}
        {found.isError ? (
          <Text size="sm" role="alert" c="red.9">
            {t('loadFailed')}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap={4} className="audit-filter">
      <Text fw={600}>{t('filterPatient')}</Text>
      {control}
    </Stack>
  );
}
