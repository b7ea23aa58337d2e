import { useState } from 'react';
import { Alert, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectedApp } from '@app/contracts/smart-apps';
import { Button } from '../../../components/ui/button.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';
import { CONNECTED_APPS_PATH, disconnectApp, listConnectedApps } from '../api/smart-apps-api.ts';
import { errorText } from '../error-text.ts';

/**
 * Issue 21 item 3 (decision 0082): the SMART apps the patient allowed to read their record, with what
 * each may read and since when; Disconnect (after a confirmation) stops its tokens at once. In the
 * provider area (decision 0089) the same list holds the apps reading the provider's patients.
 */
export function ConnectedAppsSection({ forClinics = false }: { forClinics?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const apps = useQuery({ queryKey: [CONNECTED_APPS_PATH], queryFn: listConnectedApps });
  const [confirming, setConfirming] = useState<ConnectedApp | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const revoke = useMutation({
    meta: { url: CONNECTED_APPS_PATH, errorBanner: false },
    mutationFn: async (app: ConnectedApp) => {
      await disconnectApp(app.id);
      return app;
    },
    onSuccess: (app) => {
      setConfirming(null);
      setNotice(t('connectedApps.revoked', { app: app.appName }));
      void queryClient.invalidateQueries({ queryKey: [CONNECTED_APPS_PATH] });
    },
  });
  const list = apps.data ?? [];

  return (
    <section aria-labelledby="connected-apps-title">
      <Stack gap="sm">
        <Title order={2} id="connected-apps-title" size="h3">
          {t('connectedApps.title')}
        </Title>
        <Text>{t(forClinics ? 'connectedApps.clinicIntro' : 'connectedApps.intro')}</Text>
        {notice ? (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        ) : null}
        {apps.error ? (
          <Alert color="red" role="alert">
            {errorText(apps.error)}
          </Alert>
        ) : null}
        {apps.isSuccess && list.length === 0 ? <Text c="dimmed">{t('connectedApps.empty')}</Text> : null}
        {list.length > 0 ? (
          <List listStyleType="none" spacing="md" aria-labelledby="connected-apps-title">
            {list.map((app) => (
              <List.Item key={app.id} data-testid="connected-app">
                <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
                  <div>
                    <Text fw={700}>{app.appName}</Text>
                    <Text size="sm">
                      {t('connectedApps.connected', {
                        date: formatInstant(app.connectedAt, { language: i18n.language }),
                      })}
                    </Text>
                    <Text size="sm">{t('connectedApps.mayRead')}</Text>
                    <List size="sm" withPadding>
                      {app.scopeGroups.map((group) => (
                        <List.Item key={group}>
                          {t(`${app.reach === 'clinics' ? 'clinicScopeGroup' : 'scopeGroup'}.${group}`)}
                        </List.Item>
                      ))}
                    </List>
                  </div>
                  <Button
                    variant="danger-outline"
                    aria-label={t('connectedApps.revokeLabel', { app: app.appName })}
                    onClick={() => {
                      setNotice(null);
                      revoke.reset();
                      setConfirming(app);
                    }}
                  >
                    {t('connectedApps.revoke')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => {
          setConfirming(null);
        }}
        title={t('connectedApps.confirmTitle', { app: confirming?.appName ?? '' })}
        centered
        closeButtonProps={{ 'aria-label': t('connectedApps.cancel') }}
      >
        <Text>
          {t(
            confirming?.reach === 'clinics' ? 'connectedApps.clinicConfirmText' : 'connectedApps.confirmText',
            {
              app: confirming?.appName ?? '',
            },
          )}
        </Text>
        {revoke.isError ? (
          <Text role="alert" c="red.9" mt="sm">
            {errorText(revoke.error)}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button
            variant="outline"
            onClick={() => {
              setConfirming(null);
            }}
          >
            {t('connectedApps.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={revoke.isPending}
            onClick={() => {
              if (confirming) {
                revoke.mutate(confirming);
              }
            }}
          >
            {t('connectedApps.confirm')}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
