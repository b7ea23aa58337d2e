import { useState, type SubmitEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ChartPatient } from '@app/contracts/patient-chart';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { searchPatients } from '../api/search-patients.ts';
import { formatCalendarDate } from '../../../lib/dates/format-time.ts';

/** spec 3 §2: the patient's page, plus the optional extra path of their exactLink. */
export function patientViewUrl(patient: ChartPatient): string {
  const extra = patient.exactLink?.replace(/^\/+/, '') ?? '';
  return `/provider/patient/${encodeURIComponent(patient.id)}${extra ? `/${extra}` : ''}`;
}

/**
 * spec 3 §2 Patient search (/provider/search-patient). Its appointment variant, "Look up patient for
 * appointment", is a page of its own that needs APPOINTMENTS only (appointment-lookup-page.tsx).
 */
export function PatientSearchPage() {
  const { t, i18n } = useTranslation('patients');
  const navigate = useNavigate();
  const workspace = useProviderWorkspace();
  const config = useAppConfig();
  const [query, setQuery] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [hint, setHint] = useState(false);
  const clinicId = workspace.data?.clinicId ?? '';
  const search = useMutation({
    mutationFn: () => searchPatients(clinicId, { query: query.trim(), birthDate }),
    meta: { errorBanner: false },
  });

  // The gate (PATIENT here, APPOINTMENTS for the appointment look-up, spec 3 §6) is the router's guard.
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ready = query.trim().length >= 2 || birthDate !== '';
    setHint(!ready);
    if (ready && clinicId) {
      search.mutate();
    }
  };
  const formatDate = (value: string) => formatCalendarDate(value, i18n.language);

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{t('searchTitle')}</PageTitle>
      {/* spec 3 §2 Register patient: not in the check-in app. */}
      {config.variant !== 'check-in' ? (
        <Anchor component={Link} to="/provider/create-patient">
          {t('registerLink')}
        </Anchor>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <TextInput
            label={t('searchLabel')}
            value={query}
            autoComplete="off"
            maxLength={100}
            description={t('searchHint')}
            error={hint ? t('searchHint') : undefined}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
            }}
          />
          <TextInput
            label={t('birthDateLabel')}
            type="date"
            value={birthDate}
            min="1900-01-01"
            onChange={(event) => {
              setBirthDate(event.currentTarget.value);
            }}
          />
          <Group>
            {/* Until the workspace names the clinic there is nothing to search in: a click then would do nothing. */}
            <Button type="submit" disabled={search.isPending} loading={!clinicId}>
              {t('searchSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <div aria-live="polite">
        {search.isError ? <Alert color="red">{t('searchFailed')}</Alert> : null}
        {search.data?.items.length === 0 ? <Text>{t('searchNone')}</Text> : null}
      </div>
      {search.data && search.data.items.length > 0 ? (
        <section aria-labelledby="patient-results">
          <Title order={2} size="h3" id="patient-results" mb="sm">
            {t('results')}
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {search.data.items.map((patient) => (
              <li key={patient.id}>
                <Paper withBorder p="sm">
                  <Group justify="space-between">
                    <Stack gap={0}>
                      <Text fw={700}>{patient.name}</Text>
                      <Text size="sm">
                        {t('memberId', { memberId: patient.memberId })}
                        {patient.birthdate ? ` · ${t('born', { date: formatDate(patient.birthdate) })}` : ''}
                      </Text>
                    </Stack>
                    <Button
                      variant="outline"
                      aria-label={t('open', { name: patient.name })}
                      onClick={() => {
                        void navigate(patientViewUrl(patient));
                      }}
                    >
                      {t('openShort')}
                    </Button>
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}
