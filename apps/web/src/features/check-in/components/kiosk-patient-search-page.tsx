import { useState, type SubmitEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { searchKioskPatients } from '../api/search-kiosk-patients.ts';
import { kioskConfirmUrl } from '../confirm-patient-rules.ts';
import { setSelfCheckInMode } from '../task-flow.ts';
import { formatEntryStart } from './format.ts';

/**
 * /provider/patient/search in self check-in (kiosk) mode: find the patient by name and date of birth,
 * then confirm who is checking in (/provider/confirm-patient) and start the check-in of today's visit
 * under the provider's session. Minimal on purpose: issue 6 builds the full patient search.
 */
export function KioskPatientSearchPage() {
  const { t, i18n } = useTranslation('checkIn');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [birthdate, setBirthdate] = useState('');
  const search = useMutation({
    mutationFn: () => searchKioskPatients(name.trim(), birthdate),
    meta: { errorBanner: false },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.mutate();
  };

  // Issue 16 (decision 0036): the patient confirms who they are before the tasks. The kiosk is in self
  // check-in mode from here, so walking away brings it back to this search instead of logging out.
  const checkIn = (appointmentId: string) => {
    setSelfCheckInMode(true);
    void navigate(kioskConfirmUrl(appointmentId));
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('search.title')}</PageTitle>
      <Text>{t('search.intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <TextInput
            label={t('search.name')}
            value={name}
            required
            autoComplete="off"
            onChange={(event) => {
              setName(event.currentTarget.value);
            }}
          />
          <TextInput
            label={t('search.birthdate')}
            type="date"
            value={birthdate}
            required
            onChange={(event) => {
              setBirthdate(event.currentTarget.value);
            }}
          />
          <Button type="submit" loading={search.isPending}>
            {t('search.submit')}
          </Button>
        </Stack>
      </form>
      <div aria-live="polite">
        {search.isError ? <Alert color="red">{t('search.failed')}</Alert> : null}
        {search.data?.length === 0 ? <Text>{t('search.none')}</Text> : null}
      </div>
      {search.data && search.data.length > 0 ? (
        <section aria-labelledby="kiosk-results">
          <Title order={2} size="h3" id="kiosk-results" mb="sm">
            {t('search.results')}
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {search.data.map((patient) => (
              <li key={patient.userId}>
                <Paper withBorder p="md">
                  <Stack gap="xs">
                    <Text fw={700}>
                      {t('search.patient', {
                        name: `${patient.firstName} ${patient.lastName}`,
                        birthdate: patient.birthdate,
                      })}
                    </Text>
                    {patient.appointments.length === 0 ? <Text>{t('search.noVisit')}</Text> : null}
                    <Group gap="sm">
                      {patient.appointments.map((visit) => (
                        <Button
                          key={visit.id}
                          onClick={() => {
                            checkIn(visit.id);
                          }}
                        >
                          {t('search.checkIn', {
                            when: `${formatEntryStart(visit.startAt, visit.timezone, i18n.language)}, ${visit.departmentName}`,
                          })}
                        </Button>
                      ))}
                    </Group>
                  </Stack>
                </Paper>
              </li>
            ))}
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}
