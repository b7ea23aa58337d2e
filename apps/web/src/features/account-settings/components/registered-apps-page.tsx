import { Alert, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/dates/format-time.ts';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { listRegisteredApps, registeredAppsPath } from '../api/smart-apps-api.ts';
import { errorText } from '../error-text.ts';

/**
 * /provider/smart-apps (issue 21 item 3, decision 0082): a clinic admin (SETTING, checked by the
 * router's guard and the server) sees the SMART apps registered for the clinic and the network-wide
 * ones: name, client ID, where each returns to. Read-only: apps are registered by the operator
 * (`npm run smart:register`).
 */
export function RegisteredAppsPage() {
  const { t, i18n } = useTranslation();
  const workspace = useProviderWorkspace();
  const clinicId = workspace.data?.clinicId ?? '';
  const apps = useQuery({
    queryKey: [registeredAppsPath(clinicId)],
    queryFn: () => listRegisteredApps(clinicId),
    enabled: clinicId !== '',
  });
  const list = apps.data ?? [];

  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('route.provider.smartApps')}</Title>
      <Text>{t('registeredApps.intro')}</Text>
      {apps.error ? (
        <Alert color="red" role="alert">
          {errorText(apps.error)}
        </Alert>
      ) : null}
      {apps.isSuccess && list.length === 0 ? <Text c="dimmed">{t('registeredApps.empty')}</Text> : null}
      {list.length > 0 ? (
        <List listStyleType="none" spacing="md" aria-label={t('route.provider.smartApps')}>
          {list.map((app) => (
            <List.Item key={app.id} data-testid="registered-app">
              <Group gap="xs">
                <Text fw={700}>{app.name}</Text>
                <Badge variant="light">
                  {app.networkWide ? t('registeredApps.networkWide') : t('registeredApps.thisClinic')}
                </Badge>
              </Group>
              <Text size="sm">{t('registeredApps.clientId', { clientId: app.clientId })}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('registeredApps.redirects', { uris: app.redirectUris.join(', ') })}
              </Text>
              <Text size="sm">
                {t('registeredApps.registered', {
                  date: formatInstant(app.createdAt, { language: i18n.language }),
                })}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
