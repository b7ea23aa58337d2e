import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { ConnectedAppsSection } from './connected-apps-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { RecordExportSection } from './record-export-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TotpSection } from './totp-section.tsx';
import { UserImage } from './user-image.tsx';

/**
 * Account settings (spec 1 §2 side menu /user/account-settings; spec 1 §3 Account data: image,
 * firstName, name, email), with the second factors of decision 0012. Providers have the same screen
 * at /provider/account-settings.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const user = useCurrentUser();
  // Providers share this screen (/provider/account-settings); the access history is the patient's.
  const patientArea = useLocation().pathname.startsWith('/user/');

  return (
    <Stack gap="xl" maw={640}>
      <Title order={1}>{t('accountSettings.title')}</Title>
      <section aria-labelledby="account-data-title">
        <Stack gap="xs">
          <Title order={2} id="account-data-title" size="h3">
            {t('accountSettings.accountData')}
          </Title>
          {user.data ? (
            <>
              <UserImage href={user.data.image} name={user.data.name} />
              <Text>
                <Text span fw={700}>
                  {t('accountSettings.firstName')}:
                </Text>{' '}
                {user.data.firstName}
              </Text>
              <Text>
                <Text span fw={700}>
                  {t('accountSettings.name')}:
                </Text>{' '}
                {user.data.name}
              </Text>
              <Text>
                <Text span fw={700}>
                  {t('accountSettings.email')}:
                </Text>{' '}
                {user.data.email ?? '—'}
              </Text>
            </>
          ) : null}
        </Stack>
      </section>
      <TotpSection />
      <PasskeysSection canAdd={config.features.biometricLogin} />
      <SessionsSection />
      {patientArea ? <RecordExportSection /> : null}
      {/* Decision 0089: a provider's apps read their clinics' patients; they disconnect them here too. */}
      <ConnectedAppsSection forClinics={!patientArea} />
      {patientArea ? (
        <section aria-labelledby="access-history-title">
          <Stack gap="xs" align="flex-start">
            <Title order={2} id="access-history-title" size="h3">
              {t('accountSettings.accessHistoryTitle')}
            </Title>
            <Text>{t('accountSettings.accessHistoryText')}</Text>
            <ButtonLink to="/user/access-history" variant="outline">
              {t('accountSettings.accessHistoryLink')}
            </ButtonLink>
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}
