import { useState } from 'react';
import { Alert, Anchor, Avatar, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { formatAtOffset } from '../../../lib/dates/format-time.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import { useBookingClinics } from '../api/list-booking-clinics.ts';
import { useSchedulingOptions } from '../api/get-scheduling-options.ts';
import { useProviderList } from '../api/list-providers.ts';
import { Busy } from './busy.tsx';

/** The booking start, at a clinic and optionally with the visit kind already chosen. */
export function bookingStartPath(clinicUuid: string | null, visitTypeId?: string): string {
  const query = new URLSearchParams();
  if (clinicUuid) {
    query.set('clinicUuid', clinicUuid);
  }
  if (visitTypeId) {
    query.set('visitTypeId', visitTypeId);
  }
  const search = query.toString();
  return `/user/appointment/create${search ? `?${search}` : ''}`;
}

/**
 * /user/unitedmd-schedule (spec 1 §2: in the UnitedMD app sign-up always ends here; decision 0037):
 * the welcome and the start of booking. It shows the clinic's visit kinds and providers and leads
 * into the booking flow's first step (/user/appointment/create) — booking itself is not repeated
 * here — or, skipped, to the appointment list.
 */
export function UnitedMdSchedulePage() {
  const { t, i18n } = useTranslation('booking');
  const config = useAppConfig();
  const user = useCurrentUser();
  const clinics = useBookingClinics(true);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = clinics.data?.clinics ?? [];
  const clinic = list.find((item) => item.clinicUuid === chosen) ?? list[0];
  const clinicUuid = clinic?.clinicUuid ?? null;
  const options = useSchedulingOptions(clinicUuid);
  const providers = useProviderList(clinicUuid ? { clinicUuid } : null);
  const firstName = user.data?.firstName;

  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>
        {firstName
          ? t('unitedmd.welcome', { appName: config.appName, firstName })
          : t('unitedmd.welcomeNoName', { appName: config.appName })}
      </PageTitle>
      {clinics.isPending ? <Busy /> : null}
      {clinics.isError ? <Alert color="red">{t('loadError')}</Alert> : null}
      {clinics.data && !clinic ? (
        <>
          <Text>{t('unitedmd.introNoClinic')}</Text>
          <Alert color="yellow">{t('noClinic')}</Alert>
        </>
      ) : null}
      {clinic ? (
        <>
          <Text size="lg">{t('unitedmd.intro', { clinicName: clinic.clinicName })}</Text>
          {list.length > 1 ? (
            <NativeSelect
              label={t('chooseClinic')}
              value={clinic.clinicUuid}
              data={list.map((item) => ({ value: item.clinicUuid, label: item.clinicName }))}
              onChange={(event) => {
                setChosen(event.currentTarget.value);
              }}
              maw={360}
            />
          ) : null}
          <Group gap="md">
            <ButtonLink to={bookingStartPath(clinic.clinicUuid)}>{t('unitedmd.start')}</ButtonLink>
            <Anchor component={Link} to="/user/appointment">
              {t('unitedmd.skip')}
            </Anchor>
          </Group>
          {options.isError ? <Alert color="red">{t('loadError')}</Alert> : null}
          {options.data && options.data.visitTypes.length > 0 ? (
            <section aria-labelledby="unitedmd-visit-kinds">
              <Title order={2} size="h3" id="unitedmd-visit-kinds" mb="sm">
                {t('unitedmd.visitKinds')}
              </Title>
              <Group component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {options.data.visitTypes.map((kind) => (
                  <li key={kind.id}>
                    <ButtonLink
                      variant="outline"
                      to={bookingStartPath(clinic.clinicUuid, kind.id)}
                      aria-label={t('unitedmd.bookKind', { name: kind.name })}
                    >
                      {kind.name}
                    </ButtonLink>
                  </li>
                ))}
              </Group>
            </section>
          ) : null}
          <section aria-labelledby="unitedmd-providers">
            <Title order={2} size="h3" id="unitedmd-providers" mb="sm">
              {t('unitedmd.providers')}
            </Title>
            {providers.isPending ? <Busy /> : null}
            {providers.isError ? <Alert color="red">{t('loadError')}</Alert> : null}
            {providers.data && providers.data.providers.length === 0 ? (
              <Text>{t('unitedmd.noProviders')}</Text>
            ) : null}
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {providers.data?.providers.map((provider) => {
                const [next] = provider.timeslotList;
                return (
                  <Paper component="li" key={provider.id} withBorder p="md">
                    <Group wrap="nowrap">
                      <Avatar src={provider.image} alt="" radius="xl" size="lg">
                        {provider.firstName.slice(0, 1)}
                      </Avatar>
                      <Stack gap={2}>
                        <Title order={3} size="h4">
                          {provider.name}
                        </Title>
                        {provider.specialty ? <Text size="sm">{provider.specialty}</Text> : null}
                        <Text size="sm">
                          {next
                            ? t('unitedmd.nextAvailable', {
                                time: formatAtOffset(next.startAt, {
                                  language: i18n.language,
                                  style: 'weekdayTime',
                                  zones: options.data?.departments.map((department) => department.timezone),
                                }),
                              })
                            : t('unitedmd.noSlots')}
                        </Text>
                      </Stack>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </section>
        </>
      ) : null}
      {clinics.data && !clinic ? (
        <Group>
          <ButtonLink to="/user/appointment" variant="outline">
            {t('unitedmd.skip')}
          </ButtonLink>
        </Group>
      ) : null}
    </Stack>
  );
}
